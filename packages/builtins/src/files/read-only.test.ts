import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchCell } from '../patch/patch.test.fixture.js';
import { fileCell } from './files.test.fixture.js';

// A file whose mode refuses writing is not changed by renaming a new file over it (which the folder's
// rights alone would allow, and root's always would): write, edit and apply_patch refuse it, say why,
// and leave its bytes, its mode and its folder as they were.

const refusal = (shown: string, done = 'changed') => ({
  isError: true,
  code: 'denied',
  text: `${shown} is read-only (mode 0444): its permissions refuse writing, so it was not ${done}. If it should change, its owner must make it writable first.`,
});

function lockedCell() {
  const cell = fileCell();
  const file = join(cell.work, 'locked.txt');
  writeFileSync(file, 'keep me\n');
  chmodSync(file, 0o444);
  const untouched = () =>
    readFileSync(file, 'utf8') === 'keep me\n' &&
    (statSync(file).mode & 0o777) === 0o444 &&
    readdirSync(cell.work).join() === 'locked.txt';
  return { ...cell, untouched };
}

describe('a read-only file', () => {
  it('is refused by write', async () => {
    const { run, untouched } = lockedCell();
    await run.call('read', { path: 'locked.txt' });
    expect(await run.call('write', { path: 'locked.txt', content: 'changed\n' })).toEqual(refusal('locked.txt'));
    expect(untouched()).toBe(true);
  });

  it('is refused by edit', async () => {
    const { run, untouched } = lockedCell();
    await run.call('read', { path: 'locked.txt' });
    expect(await run.call('edit', { path: 'locked.txt', old_string: 'keep', new_string: 'lose' })).toEqual(
      refusal('locked.txt'),
    );
    expect(untouched()).toBe(true);
  });

  it('is refused by apply_patch for an update, a move and a delete, and the rest of the patch is not applied', async () => {
    const cell = patchCell({ 'locked.txt': 'keep me\n', 'other.txt': 'o\n' });
    chmodSync(join(cell.work, 'locked.txt'), 0o444);
    const before = cell.tree();
    const update = ['*** Update File: locked.txt', '-keep me', '+lose me'];
    expect(
      await cell.patch('*** Begin Patch', '*** Update File: other.txt', '-o', '+O', ...update, '*** End Patch'),
    ).toEqual(refusal('locked.txt'));
    expect(
      await cell.patch(
        '*** Begin Patch',
        '*** Update File: locked.txt',
        '*** Move to: moved.txt',
        '-keep me',
        '+lose me',
        '*** End Patch',
      ),
    ).toEqual(refusal('locked.txt', 'deleted'));
    expect(await cell.patch('*** Begin Patch', '*** Delete File: locked.txt', '*** End Patch')).toEqual(
      refusal('locked.txt', 'deleted'),
    );
    expect(cell.tree()).toEqual(before);
    expect(statSync(join(cell.work, 'locked.txt')).mode & 0o777).toBe(0o444);
  });

  it('a writable file keeps its mode through a change', async () => {
    const { run, work } = fileCell();
    writeFileSync(join(work, 'mine.txt'), 'a\n');
    chmodSync(join(work, 'mine.txt'), 0o640);
    await run.call('read', { path: 'mine.txt' });
    expect(await run.call('edit', { path: 'mine.txt', old_string: 'a', new_string: 'b' })).toMatchObject({
      isError: false,
    });
    expect(statSync(join(work, 'mine.txt')).mode & 0o777).toBe(0o640);
  });
});
