import { describe, expect, it } from 'vitest';
import * as root from './index.js';

describe('@wesgine/adapter-kb', () => {
  it('exports the adapter, its factory and the SQLite store, and nothing else', () => {
    expect(Object.keys(root).sort()).toEqual([
      'MATCH_END',
      'MATCH_START',
      'createKbAdapter',
      'kbAdapter',
      'sqliteKbStore',
    ]);
    expect(root.kbAdapter.field).toBe('kb');
    expect(root.kbAdapter.provenance).toBe('@wesgine/adapter-kb@0.1.0');
  });
});
