import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneSpills } from './prune-spills.js';

describe('pruneSpills', () => {
  it('keeps the newest spill files and leaves other files alone', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wesgine-spills-'));
    for (const minute of ['01', '02', '03', '04'])
      writeFileSync(join(folder, `2026-12-01T10-${minute}-00-000Z-a.log`), minute);
    writeFileSync(join(folder, 'notes.txt'), 'not a spill');
    pruneSpills(folder, 2);
    expect(readdirSync(folder).sort()).toEqual([
      '2026-12-01T10-03-00-000Z-a.log',
      '2026-12-01T10-04-00-000Z-a.log',
      'notes.txt',
    ]);
  });

  it('does nothing for a folder that does not exist', () => {
    expect(() => pruneSpills(join(tmpdir(), 'wesgine-no-such-folder-7f3a'))).not.toThrow();
  });
});
