import { describe, expect, it } from 'vitest';
import * as desktop from './index.js';

describe('@wesgine/adapter-desktop', () => {
  it('exports the adapter and nothing else at run time (the argument types are type-only)', () => {
    expect(Object.keys(desktop).sort()).toEqual(['desktopAdapter']);
    expect(desktop.desktopAdapter).toMatchObject({ field: 'desktop', provenance: '@wesgine/adapter-desktop@0.1.0' });
  });
});
