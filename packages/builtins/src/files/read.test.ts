import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCell } from './files.test.fixture.js';

const numbered = (from: number, lines: string[]) =>
  lines.map((line, index) => `${String(from + index).padStart(6)}\t${line}`).join('\n');

describe('read', () => {
  it('returns the lines numbered from 1, a tab after each number, without a header for a whole file', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'a.txt'), 'alpha\nbeta\n\ngamma');
    const result = await run.call('read', { path: 'a.txt' });
    expect(result).toEqual({ isError: false, text: '     1\talpha\n     2\tbeta\n     3\t\n     4\tgamma' });
  });

  it('shows CRLF lines without their carriage returns', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'dos.txt'), 'one\r\ntwo\r\n');
    expect((await run.call('read', { path: 'dos.txt' })).text).toBe(numbered(1, ['one', 'two']));
  });

  it('reads a window with offset and limit and says where to continue', async () => {
    const { work, run } = fileCell();
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`);
    writeFileSync(join(work, 'ten.txt'), `${lines.join('\n')}\n`);
    expect((await run.call('read', { path: 'ten.txt', offset: 3, limit: 2 })).text).toBe(
      `[lines 3-4 of 10; continue with offset 5]\n${numbered(3, ['line 3', 'line 4'])}`,
    );
    expect((await run.call('read', { path: 'ten.txt', offset: 9 })).text).toBe(
      `[lines 9-10 of 10]\n${numbered(9, ['line 9', 'line 10'])}`,
    );
  });

  it('returns at most 2000 lines and says how to read on', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'long.txt'), Array.from({ length: 2500 }, (_, index) => `${index + 1}`).join('\n'));
    const result = await run.call('read', { path: 'long.txt' });
    const lines = result.text.split('\n');
    expect(lines[0]).toBe('[lines 1-2000 of 2500; continue with offset 2001]');
    expect(lines).toHaveLength(2001);
    expect(lines[2000]).toBe('  2000\t2000');
  });

  it('cuts a line over 2000 characters and says how long it was', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'wide.txt'), `${'x'.repeat(2500)}\nshort\n`);
    const text = (await run.call('read', { path: 'wide.txt' })).text;
    expect(text).toBe(`     1\t${'x'.repeat(2000)}… [cut: the line has 2500 characters]\n     2\tshort`);
  });

  it('says an empty file is empty', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'empty.txt'), '');
    expect(await run.call('read', { path: 'empty.txt' })).toEqual({ isError: false, text: 'empty.txt is empty.' });
  });

  it('refuses an offset past the end', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'two.txt'), 'a\nb\n');
    expect(await run.call('read', { path: 'two.txt', offset: 3 })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'offset 3 is past the end of two.txt, which has 2 lines.',
    });
  });

  it('refuses offset 0 and a limit over 2000 before the handler runs', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'a.txt'), 'a\n');
    expect(await run.call('read', { path: 'a.txt', offset: 0 })).toMatchObject({
      isError: true,
      code: 'invalid_arguments',
    });
    expect(await run.call('read', { path: 'a.txt', limit: 2001 })).toMatchObject({
      isError: true,
      code: 'invalid_arguments',
    });
  });

  it('refuses a whole read over 256 KiB but reads the same file in parts', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'big.txt'), `${'y'.repeat(99)}\n`.repeat(3000));
    expect(await run.call('read', { path: 'big.txt' })).toEqual({
      isError: true,
      code: 'file_too_large',
      text: 'big.txt is 293 KiB, over the 256 KiB a whole read may return; read it in parts with offset and limit, or find what you need with grep.',
    });
    const part = await run.call('read', { path: 'big.txt', offset: 2999 });
    expect(part.text).toBe(`[lines 2999-3000 of 3000]\n${numbered(2999, ['y'.repeat(99), 'y'.repeat(99)])}`);
  });

  it('refuses a file over 20 MiB even in parts', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'huge.txt'), Buffer.alloc(21 * 1024 * 1024, 'z'));
    expect(await run.call('read', { path: 'huge.txt', offset: 1, limit: 1 })).toEqual({
      isError: true,
      code: 'file_too_large',
      text: 'huge.txt is 21.0 MiB; the limit is 20.0 MiB.',
    });
  });

  it('refuses binary files, folders, FIFOs and missing files with their own codes', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    mkdirSync(join(work, 'folder'));
    execFileSync('mkfifo', [join(work, 'pipe')]);
    expect(await run.call('read', { path: 'image.png' })).toEqual({
      isError: true,
      code: 'binary_file',
      text: 'image.png is a binary file; only text files can be read or edited.',
    });
    expect(await run.call('read', { path: 'folder' })).toEqual({
      isError: true,
      code: 'not_a_file',
      text: 'folder is a folder, not a file; list it with glob or exec ls.',
    });
    expect(await run.call('read', { path: 'pipe' })).toEqual({
      isError: true,
      code: 'not_a_file',
      text: 'pipe is not a regular file (a device, pipe or socket); only files can be read.',
    });
    expect(await run.call('read', { path: 'nope.txt' })).toEqual({
      isError: true,
      code: 'file_not_found',
      text: 'nope.txt does not exist.',
    });
  });

  it('refuses paths outside the work folder, directly, through .. and through a symlink', async () => {
    const { work, outside, run } = fileCell();
    writeFileSync(join(outside, 'secret.txt'), 'secret\n');
    symlinkSync(outside, join(work, 'door'));
    for (const path of ['../outside/secret.txt', join(outside, 'secret.txt'), 'door/secret.txt']) {
      const result = await run.call('read', { path });
      expect(result.isError).toBe(true);
      expect(result.code).toBe('path_not_allowed');
      expect(result.text).not.toContain('secret\n');
    }
    expect((await run.call('read', { path: '/proc/self/environ' })).code).toMatch(
      /^(hardline_denied|path_not_allowed)$/,
    );
  });
});
