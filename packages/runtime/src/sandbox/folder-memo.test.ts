import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FolderMemo } from './folder-memo.js';
import type { PathForms } from './sandbox-view.js';

function counting() {
  const judged: string[] = [];
  const memo = new FolderMemo((path: PathForms) => {
    judged.push(path.real);
    return path.real.endsWith('.env') ? 'hidden' : undefined;
  });
  return { memo, judged };
}

describe('FolderMemo', () => {
  it('reuses a settled folder, and reads it again once an entry is added, removed or renamed', async () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-memo-')));
    mkdirSync(join(work, 'sub'));
    writeFileSync(join(work, 'a.txt'), '');
    await delay(1_100);
    const { memo, judged } = counting();
    const folder = { lexical: work, real: work };
    expect(
      memo
        .entries(folder)
        ?.map((entry) => entry.name)
        .sort(),
    ).toEqual(['a.txt', 'sub']);
    expect(judged).toHaveLength(2);
    memo.entries(folder);
    expect(judged).toHaveLength(2);
    // A new secret: the folder's change time moved, so it is read and judged again.
    writeFileSync(join(work, '.env'), 'A=1');
    expect(memo.entries(folder)?.find((entry) => entry.name === '.env')?.treatment).toBe('hidden');
    // Its times set back by hand: the change time still moved (no program can set that one).
    utimesSync(work, new Date(2000, 0, 1), new Date(2000, 0, 1));
    renameSync(join(work, 'a.txt'), join(work, 'b.env'));
    utimesSync(work, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(memo.entries(folder)?.find((entry) => entry.name === 'b.env')?.treatment).toBe('hidden');
    rmSync(join(work, 'b.env'));
    expect(
      memo
        .entries(folder)
        ?.map((entry) => entry.name)
        .sort(),
    ).toEqual(['.env', 'sub']);
  });

  it('does not keep a folder changed within the last second', () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-memo-')));
    writeFileSync(join(work, 'a.txt'), '');
    const { memo, judged } = counting();
    memo.entries({ lexical: work, real: work });
    memo.entries({ lexical: work, real: work });
    expect(judged).toHaveLength(2);
  });

  it('answers undefined for a folder that is gone or is no folder', () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-memo-')));
    writeFileSync(join(work, 'file'), '');
    const { memo } = counting();
    expect(memo.entries({ lexical: join(work, 'gone'), real: join(work, 'gone') })).toBeUndefined();
    expect(memo.entries({ lexical: join(work, 'file'), real: join(work, 'file') })).toBeUndefined();
  });
});
