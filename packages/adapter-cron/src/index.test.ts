import { describe, expect, it } from 'vitest';
import * as root from './index.js';

describe('@wesgine/adapter-cron', () => {
  it('exports the adapter and the store factory, nothing else at run time', () => {
    expect(Object.keys(root).sort()).toEqual(['cronAdapter', 'sqliteCronStore']);
    expect(root.cronAdapter.field).toBe('cron');
    expect(root.cronAdapter.provenance).toBe('@wesgine/adapter-cron@0.1.0');
  });
});
