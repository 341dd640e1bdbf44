import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCell } from './files.test.fixture.js';

/** A cell with `name` holding `text`, already read in the session. */
async function withFile(name: string, text: string) {
  const cell = fileCell();
  writeFileSync(join(cell.work, name), text);
  await cell.run.call('read', { path: name });
  return { ...cell, content: () => readFileSync(join(cell.work, name), 'utf8') };
}

describe('edit', () => {
  it('replaces one exact occurrence and shows the changed lines with context', async () => {
    const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
    const { run, content } = await withFile('f.txt', `${lines.join('\n')}\n`);
    const result = await run.call('edit', {
      path: 'f.txt',
      old_string: 'line 6\n',
      new_string: 'six\nsix and a half\n',
    });
    expect(result.text).toBe(
      [
        'Edited f.txt: replaced one occurrence. Lines 3-10 now read:',
        '     3\tline 3',
        '     4\tline 4',
        '     5\tline 5',
        '     6\tsix',
        '     7\tsix and a half',
        '     8\tline 7',
        '     9\tline 8',
        '    10\tline 9',
      ].join('\n'),
    );
    expect(content()).toBe(`${[...lines.slice(0, 5), 'six', 'six and a half', ...lines.slice(6)].join('\n')}\n`);
  });

  it('replaces literally: $&, $1 and $$ in new_string are kept as written', async () => {
    const { run, content } = await withFile('price.txt', 'cost: X\n');
    await run.call('edit', { path: 'price.txt', old_string: 'X', new_string: '$& $1 $$ $`' });
    expect(content()).toBe('cost: $& $1 $$ $`\n');
  });

  it('refuses text that does not occur, and changes nothing', async () => {
    const { run, content } = await withFile('f.txt', 'alpha\n');
    expect(await run.call('edit', { path: 'f.txt', old_string: 'Alpha', new_string: 'beta' })).toEqual({
      isError: true,
      code: 'edit_no_match',
      text: 'old_string does not occur in f.txt. It must match the file exactly, whitespace and indentation included: read the file again and copy the text from it.',
    });
    expect(content()).toBe('alpha\n');
  });

  it('refuses an ambiguous match with its line numbers, and replace_all changes every one', async () => {
    const { run, content } = await withFile('f.txt', 'x = 1\ny = 2\nx = 1\n');
    expect(await run.call('edit', { path: 'f.txt', old_string: 'x = 1', new_string: 'x = 3' })).toEqual({
      isError: true,
      code: 'edit_ambiguous',
      text: 'old_string occurs 2 times in f.txt (lines 1, 3). Add surrounding lines to make it unique, or set replace_all to true to change every one.',
    });
    expect(content()).toBe('x = 1\ny = 2\nx = 1\n');
    const all = await run.call('edit', { path: 'f.txt', old_string: 'x = 1', new_string: 'x = 3', replace_all: true });
    expect(all.text.split('\n')[0]).toBe('Edited f.txt: replaced 2 occurrences. Lines 1-3 now read:');
    expect(content()).toBe('x = 3\ny = 2\nx = 3\n');
  });

  it('refuses old_string equal to new_string before touching the file', async () => {
    const { run } = await withFile('f.txt', 'same\n');
    expect(await run.call('edit', { path: 'f.txt', old_string: 'same', new_string: 'same' })).toEqual({
      isError: true,
      code: 'no_change',
      text: 'old_string and new_string are the same, so there is nothing to change.',
    });
  });

  it('keeps a CRLF file CRLF, matching text the model wrote with LF', async () => {
    const { run, content } = await withFile('dos.txt', 'one\r\ntwo\r\nthree\r\n');
    await run.call('edit', { path: 'dos.txt', old_string: 'one\ntwo', new_string: 'uno\ndos\nmas' });
    expect(content()).toBe('uno\r\ndos\r\nmas\r\nthree\r\n');
  });

  it('keeps whether the file ends with a line break', async () => {
    const without = await withFile('a.txt', 'last line');
    await without.run.call('edit', { path: 'a.txt', old_string: 'last line', new_string: 'new last\n' });
    expect(without.content()).toBe('new last');
    const withBreak = await withFile('b.txt', 'end\n');
    await withBreak.run.call('edit', { path: 'b.txt', old_string: 'end\n', new_string: 'fin' });
    expect(withBreak.content()).toBe('fin\n');
  });

  it('creates a new file from an empty old_string, and refuses that on an existing file', async () => {
    const { work, run } = await withFile('exists.txt', 'here\n');
    expect(await run.call('edit', { path: 'new/file.txt', old_string: '', new_string: 'hello\n' })).toEqual({
      isError: false,
      text: 'Created new/file.txt with the given text (1 line).',
    });
    expect(readFileSync(join(work, 'new/file.txt'), 'utf8')).toBe('hello\n');
    expect(await run.call('edit', { path: 'exists.txt', old_string: '', new_string: 'x' })).toEqual({
      isError: true,
      code: 'file_exists',
      text: 'exists.txt already exists; an empty old_string only creates new files. Give the text to replace instead.',
    });
  });

  it('says how to create a missing file', async () => {
    const { run } = fileCell();
    expect(await run.call('edit', { path: 'nope.txt', old_string: 'a', new_string: 'b' })).toEqual({
      isError: true,
      code: 'file_not_found',
      text: 'nope.txt does not exist. To create it, call edit with an empty old_string, or use write.',
    });
  });

  it('needs a fresh read, like write', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'f.txt'), 'a\n');
    expect((await run.call('edit', { path: 'f.txt', old_string: 'a', new_string: 'b' })).code).toBe('not_read');
    await run.call('read', { path: 'f.txt' });
    writeFileSync(join(work, 'f.txt'), 'a changed\n');
    expect((await run.call('edit', { path: 'f.txt', old_string: 'a', new_string: 'b' })).code).toBe('stale_read');
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('a changed\n');
  });

  it('applies concurrent edits of one file one after another, losing none', async () => {
    const { run, content } = await withFile('f.txt', 'a\nb\nc\nd\n');
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((letter) =>
        run.call('edit', { path: 'f.txt', old_string: `${letter}\n`, new_string: `${letter.toUpperCase()}\n` }),
      ),
    );
    expect(results.map((result) => result.isError)).toEqual([false, false, false, false]);
    expect(content()).toBe('A\nB\nC\nD\n');
  });

  it('can empty a file', async () => {
    const { run, content } = await withFile('f.txt', 'only\n');
    expect((await run.call('edit', { path: 'f.txt', old_string: 'only\n', new_string: '' })).text).toBe(
      'Edited f.txt: replaced one occurrence; the file is now empty.',
    );
    expect(content()).toBe('');
  });
});
