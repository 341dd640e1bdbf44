import { describe, expect, it } from 'vitest';
import * as adapterPackage from './index.js';

describe('@wesgine/adapter-playwright public surface', () => {
  it('exports exactly these names (adding one makes it public API)', () => {
    expect(Object.keys(adapterPackage).sort()).toMatchInlineSnapshot(`
      [
        "playwrightAdapter",
        "sqliteSessionStore",
      ]
    `);
  });

  it('is the adapter of the playwright field, named by its package', () => {
    expect(adapterPackage.playwrightAdapter.field).toBe('playwright');
    expect(adapterPackage.playwrightAdapter.provenance).toBe('@wesgine/adapter-playwright@0.1.0');
  });
});
