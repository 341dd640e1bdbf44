import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchCell } from './patch.test.fixture.js';

/** Whether this machine lets us make a folder immutable (root on a file system with `chattr +i`). */
const IMMUTABLE = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'wesgine-chattr-'));
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

async function withImmutable<T>(folder: string, task: () => Promise<T>): Promise<T> {
  execFileSync('chattr', ['+i', folder]);
  try {
    return await task();
  } finally {
    execFileSync('chattr', ['-i', folder]);
  }
}

describe('apply_patch on files', () => {
  it('moves a file with its changes, making the new folders, and says so', async () => {
    const cell = patchCell({ 'a.txt': 'x\ny\n' });
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Update File: a.txt',
      '*** Move to: deep/er/b.txt',
      '@@',
      '-x',
      '+X',
      '*** End Patch',
    );
    expect(result.text).toBe('Patch applied (1 modified):\nM a.txt -> deep/er/b.txt');
    expect(cell.tree()).toEqual({ 'deep/': '', 'deep/er/': '', 'deep/er/b.txt': 'X\ny\n' });
  });

  it('a Move to onto the same file is a plain update', async () => {
    const cell = patchCell({ 'a.txt': 'x\n' });
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Update File: a.txt',
      '*** Move to: ./a.txt',
      '-x',
      '+y',
      '*** End Patch',
    );
    expect(result.text).toBe('Patch applied (1 modified):\nM a.txt');
    expect(cell.tree()).toEqual({ 'a.txt': 'y\n' });
  });

  it('refuses a Move to onto an existing file (Codex would replace it)', async () => {
    const cell = patchCell({ 'a.txt': 'x\n', 'b.txt': 'keep\n' });
    expect(
      await cell.patch('*** Begin Patch', '*** Update File: a.txt', '*** Move to: b.txt', '-x', '+y', '*** End Patch'),
    ).toEqual({
      isError: true,
      code: 'file_exists',
      text: "b.txt already exists (a file). '*** Move to' never replaces a file; move a.txt to a path that is free.",
    });
    expect(cell.tree()).toEqual({ 'a.txt': 'x\n', 'b.txt': 'keep\n' });
  });

  it('P20 (ours): refuses to add a file that exists, or a folder', async () => {
    const cell = patchCell({ 'dup.txt': 'old\n', 'dir/x': '' });
    expect(await cell.patch('*** Begin Patch', '*** Add File: dup.txt', '+new', '*** End Patch')).toEqual({
      isError: true,
      code: 'file_exists',
      text: "dup.txt already exists (a file). '*** Add File' only creates new files; change it with '*** Update File: dup.txt'.",
    });
    const folder = await cell.patch('*** Begin Patch', '*** Add File: dir', '+new', '*** End Patch');
    expect(folder.code).toBe('file_exists');
    expect(folder.text).toMatch(/^dir already exists \(a folder\)\./);
    expect(cell.tree()).toEqual({ 'dup.txt': 'old\n', 'dir/': '', 'dir/x': '' });
  });

  it('P18: refuses to delete a folder or a missing file, and removes nothing', async () => {
    const cell = patchCell({ 'dir/keep.txt': 'k\n', 'other.txt': 'o\n' });
    expect(
      await cell.patch('*** Begin Patch', '*** Delete File: other.txt', '*** Delete File: dir', '*** End Patch'),
    ).toEqual({
      isError: true,
      code: 'not_a_file',
      text: 'dir is a folder; a patch deletes files only.',
    });
    expect(
      await cell.patch('*** Begin Patch', '*** Delete File: other.txt', '*** Delete File: nope.txt', '*** End Patch'),
    ).toEqual({
      isError: true,
      code: 'file_not_found',
      text: 'nope.txt does not exist, so it cannot be deleted.',
    });
    expect(cell.tree()).toEqual({ 'dir/': '', 'dir/keep.txt': 'k\n', 'other.txt': 'o\n' });
  });

  it('P14 (ours): a failing section leaves the files added before it unwritten', async () => {
    const cell = patchCell();
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Add File: created.txt',
      '+hello',
      '*** Update File: missing.txt',
      '@@',
      '-old',
      '+new',
      '*** End Patch',
    );
    expect(result.code).toBe('file_not_found');
    expect(cell.tree()).toEqual({});
  });

  it('refuses a path under a regular file before anything is written', async () => {
    const cell = patchCell({ 'a.txt': 'a\n', blocker: 'not a folder\n' });
    const before = cell.tree();
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Update File: a.txt',
      '-a',
      '+A',
      '*** Add File: blocker/c.txt',
      '+c',
      '*** End Patch',
    );
    expect(result.code).toBe('path_not_allowed');
    expect(cell.tree()).toEqual(before);
  });

  // An immutable folder (chattr +i) refuses changes even to root, so the commit itself fails.
  describe.runIf(IMMUTABLE)('all or nothing when the commit fails', () => {
    it('the third of three files fails while new contents are staged: nothing is written', async () => {
      const cell = patchCell({ 'a.txt': 'a\n', 'gone.txt': 'g\n', 'locked/keep.txt': 'k\n' });
      const before = cell.tree();
      const result = await withImmutable(join(cell.work, 'locked'), () =>
        cell.patch(
          '*** Begin Patch',
          '*** Update File: a.txt',
          '-a',
          '+A',
          '*** Delete File: gone.txt',
          '*** Add File: locked/c.txt',
          '+c',
          '*** End Patch',
        ),
      );
      expect(result).toEqual({
        isError: true,
        code: 'denied',
        text: 'The system refused access to locked/c.txt (EPERM).',
      });
      expect(cell.tree()).toEqual(before);
    });

    it('the third of three files fails while files are swapped: the first two are put back', async () => {
      const cell = patchCell({ 'a.txt': 'a\n', 'locked/old.txt': 'o\n' });
      const before = cell.tree();
      const result = await withImmutable(join(cell.work, 'locked'), () =>
        cell.patch(
          '*** Begin Patch',
          '*** Update File: a.txt',
          '-a',
          '+A',
          '*** Add File: new/b.txt',
          '+b',
          '*** Delete File: locked/old.txt',
          '*** End Patch',
        ),
      );
      expect(result.code).toBe('denied');
      expect(cell.tree()).toEqual(before);
    });
  });

  it('P15 (ours): refuses a file named by two sections, however it is spelled', async () => {
    const cell = patchCell({ f: 'a\nb\n', g: 'g\n' });
    expect(
      await cell.patch(
        '*** Begin Patch',
        '*** Update File: f',
        '-a',
        '+A',
        '*** Update File: ./f',
        '-b',
        '+B',
        '*** End Patch',
      ),
    ).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: './f (line 5) is the same file as f (line 2): a patch may name each file once. Put all changes of one file in one section, with its chunks in file order.',
    });
    const onto = await cell.patch(
      '*** Begin Patch',
      '*** Update File: g',
      '*** Move to: f',
      '-g',
      '*** Update File: f',
      '-a',
      '*** End Patch',
    );
    expect(onto.code).toBe('invalid_arguments');
    expect(onto.text).toMatch(/^f \(line 5\) is the same file as f \(line 2\)/);
    const replace = await cell.patch(
      '*** Begin Patch',
      '*** Delete File: g',
      '*** Add File: g',
      '+new',
      '*** End Patch',
    );
    expect(replace.code).toBe('invalid_arguments');
    expect(cell.tree()).toEqual({ f: 'a\nb\n', g: 'g\n' });
  });

  it('keeps a file’s mode', async () => {
    const cell = patchCell({ 'run.sh': 'echo 1\n' });
    chmodSync(join(cell.work, 'run.sh'), 0o751);
    await cell.patch('*** Begin Patch', '*** Update File: run.sh', '-echo 1', '+echo 2', '*** End Patch');
    expect(statSync(join(cell.work, 'run.sh')).mode & 0o777).toBe(0o751);
  });

  it('refuses a device or pipe', async () => {
    const cell = patchCell();
    const result = await cell.patch('*** Begin Patch', '*** Delete File: /dev/null', '*** End Patch');
    expect(result.isError).toBe(true);
    expect(['hardline_denied', 'path_not_allowed']).toContain(result.code);
  });

  it('files it wrote count as read: edit may follow without a read', async () => {
    const cell = patchCell({ 'old.txt': 'one\n' });
    await cell.patch(
      '*** Begin Patch',
      '*** Add File: new.txt',
      '+alpha',
      '*** Update File: old.txt',
      '*** Move to: moved.txt',
      '-one',
      '+two',
      '*** End Patch',
    );
    expect((await cell.run.call('edit', { path: 'new.txt', old_string: 'alpha', new_string: 'beta' })).isError).toBe(
      false,
    );
    expect((await cell.run.call('edit', { path: 'moved.txt', old_string: 'two', new_string: 'three' })).isError).toBe(
      false,
    );
    expect(cell.tree()).toEqual({ 'new.txt': 'beta\n', 'moved.txt': 'three\n' });
  });

  it('serialises patches of one file: ten at once all apply', async () => {
    const cell = patchCell({ 'log.txt': '' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        cell.patch('*** Begin Patch', '*** Update File: log.txt', `+entry ${index}`, '*** End Patch'),
      ),
    );
    expect(results.every((result) => !result.isError)).toBe(true);
    const lines = (cell.tree()['log.txt'] ?? '').split('\n').filter(Boolean).sort();
    expect(lines).toEqual(Array.from({ length: 10 }, (_, index) => `entry ${index}`).sort());
  });

  it('adds files next to a file being changed by someone else, without waiting for unrelated files', async () => {
    const cell = patchCell();
    mkdirSync(join(cell.work, 'a'));
    writeFileSync(join(cell.work, 'a', 'x.txt'), 'x\n');
    const result = await cell.patch('*** Begin Patch', '*** Add File: a/y.txt', '+y', '*** End Patch');
    expect(result.text).toBe('Patch applied (1 added):\nA a/y.txt');
  });
});
