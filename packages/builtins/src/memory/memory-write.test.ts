import { describe, expect, it } from 'vitest';
import { memoryCell } from './memory.test.fixture.js';

/** A cell holding `/memories/f.md` with `text`, and a way to read that file's text back. */
async function withFile(text: string) {
  const cell = memoryCell();
  await cell.memory({ command: 'create', path: '/memories/f.md', file_text: text });
  const content = async () => {
    const result = await cell.memory({ command: 'view', path: '/memories/f.md' });
    return result.text
      .split('\n')
      .slice(1)
      .map((line) => line.slice(7))
      .join('\n');
  };
  return { ...cell, content };
}

describe('memory create', () => {
  it('creates, replaces, and says when the text is already the same', async () => {
    const { memory } = memoryCell();
    expect(await memory({ command: 'create', path: '/memories/notes/a.md', file_text: 'one\ntwo\n' })).toEqual({
      isError: false,
      text: 'Created /memories/notes/a.md (2 lines, 8 bytes).',
    });
    expect((await memory({ command: 'create', path: '/memories/notes/a.md', file_text: 'uno\n' })).text).toBe(
      'Replaced the text of /memories/notes/a.md (now 1 line, 4 bytes; it had 8 bytes).',
    );
    expect((await memory({ command: 'create', path: '/memories/notes/a.md', file_text: 'uno\n' })).text).toBe(
      '/memories/notes/a.md already holds exactly this text; nothing changed.',
    );
  });

  it('refuses a file where a folder is, under a file, or at the root, and writes nothing', async () => {
    const { memory } = memoryCell();
    await memory({ command: 'create', path: '/memories/people/alice.md', file_text: 'Alice\n' });
    const refusals = await Promise.all(
      ['/memories/people', '/memories/people/alice.md/x', '/memories', '/memories/'].map((path) =>
        memory({ command: 'create', path, file_text: 'x' }),
      ),
    );
    expect(refusals).toMatchInlineSnapshot(`
      [
        {
          "code": "not_a_file",
          "isError": true,
          "text": "/memories/people is a folder that holds files, so it cannot be a file too; choose another name, or a file inside it.",
        },
        {
          "code": "not_a_file",
          "isError": true,
          "text": "/memories/people/alice.md is a file, so it cannot hold /memories/people/alice.md/x; choose a path whose folders are not files.",
        },
        {
          "code": "invalid_arguments",
          "isError": true,
          "text": "/memories is the store's root folder, not a file; name a file in it, as in /memories/notes.md.",
        },
        {
          "code": "invalid_arguments",
          "isError": true,
          "text": "/memories is the store's root folder, not a file; name a file in it, as in /memories/notes.md.",
        },
      ]
    `);
    expect((await memory({ command: 'view', path: '/memories' })).text.split('\n').slice(1)).toEqual([
      '6 bytes\t/memories/people/ (1 file)',
      '6 bytes\t/memories/people/alice.md',
    ]);
  });

  it('refuses a file over 64 KiB, counting UTF-8 bytes, and keeps what was there', async () => {
    const { memory, content } = await withFile('small\n');
    expect(await memory({ command: 'create', path: '/memories/f.md', file_text: 'é'.repeat(32_769) })).toEqual({
      isError: true,
      code: 'file_too_large',
      text: '/memories/f.md would be 65,538 bytes, over the 65,536 bytes (64 KiB) a memory file may hold; nothing was written. Keep notes short, or split them into several files.',
    });
    expect(await content()).toBe('small');
    expect((await memory({ command: 'create', path: '/memories/f.md', file_text: 'x'.repeat(65_536) })).isError).toBe(
      false,
    );
  });

  it('refuses a write that would take the store past 4 MiB, counting paths too', async () => {
    const { memory } = memoryCell();
    const chunk = 'y'.repeat(60_000);
    // 69 files of 60,000 bytes and their 18-byte paths: 4,141,242 bytes of 4,194,304.
    for (let index = 0; index < 69; index++) {
      const result = await memory({
        command: 'create',
        path: `/memories/n/${String(index).padStart(6, '0')}`,
        file_text: chunk,
      });
      expect(result.isError).toBe(false);
    }
    expect(await memory({ command: 'create', path: '/memories/n/one-more', file_text: chunk })).toEqual({
      isError: true,
      code: 'file_too_large',
      text: 'the memory store holds 4,141,242 bytes of its 4,194,304 bytes (4 MiB), and this would take it to 4,201,262 bytes; nothing was written. Delete or shorten notes that are no longer useful first.',
    });
    expect((await memory({ command: 'view', path: '/memories/n/one-more' })).code).toBe('file_not_found');
    // What fits still fits; a file that shrinks is always let through.
    expect(
      (await memory({ command: 'create', path: '/memories/n/small', file_text: 'z'.repeat(50_000) })).isError,
    ).toBe(false);
    expect((await memory({ command: 'create', path: '/memories/n/000000', file_text: 'short' })).isError).toBe(false);
  });
});

describe('memory str_replace', () => {
  it('replaces one literal occurrence and says on which line', async () => {
    const { memory, content } = await withFile('price: X\nname: Y\n');
    expect(await memory({ command: 'str_replace', path: '/memories/f.md', old_str: 'Y', new_str: '$& $1 $$' })).toEqual(
      {
        isError: false,
        text: 'Replaced the text at line 2 of /memories/f.md (now 2 lines, 24 bytes).',
      },
    );
    expect(await content()).toBe('price: X\nname: $& $1 $$');
  });

  it('refuses no match, several matches (with their lines), and no change, each distinctly', async () => {
    const { memory, content } = await withFile('a = 1\nb = 2\na = 1\n');
    const refusals = await Promise.all(
      [
        { old_str: 'A = 1', new_str: 'x' },
        { old_str: 'a = 1', new_str: 'x' },
        { old_str: 'b = 2', new_str: 'b = 2' },
      ].map((args) => memory({ command: 'str_replace', path: '/memories/f.md', ...args })),
    );
    expect(refusals).toMatchInlineSnapshot(`
      [
        {
          "code": "edit_no_match",
          "isError": true,
          "text": "old_str does not occur in /memories/f.md. It must match the stored text exactly, spaces and line breaks included: view the file and copy the text from it.",
        },
        {
          "code": "edit_ambiguous",
          "isError": true,
          "text": "old_str occurs 2 times in /memories/f.md (lines 1, 3); include more of the text around the one to change so that it occurs once.",
        },
        {
          "code": "no_change",
          "isError": true,
          "text": "old_str and new_str are the same, so there is nothing to change.",
        },
      ]
    `);
    expect(await content()).toBe('a = 1\nb = 2\na = 1');
  });

  it('refuses a missing file and a folder', async () => {
    const { memory } = memoryCell();
    await memory({ command: 'create', path: '/memories/dir/f.md', file_text: 'x' });
    expect(await memory({ command: 'str_replace', path: '/memories/no.md', old_str: 'x', new_str: 'y' })).toEqual({
      isError: true,
      code: 'file_not_found',
      text: 'there is no memory file /memories/no.md. View /memories to see what is stored.',
    });
    expect(await memory({ command: 'str_replace', path: '/memories/dir', old_str: 'x', new_str: 'y' })).toEqual({
      isError: true,
      code: 'not_a_file',
      text: '/memories/dir is a folder, and str_replace works on one file; view /memories/dir to see the files in it.',
    });
  });

  it('refuses a replacement that would grow the file past 64 KiB', async () => {
    const { memory, content } = await withFile(`${'x'.repeat(60_000)}\nTOKEN\n`);
    const result = await memory({
      command: 'str_replace',
      path: '/memories/f.md',
      old_str: 'TOKEN',
      new_str: 'w'.repeat(6000),
    });
    expect(result.code).toBe('file_too_large');
    expect((await content()).endsWith('\nTOKEN')).toBe(true);
  });
});

describe('memory insert', () => {
  it('inserts at the top, in the middle and at the end, as whole lines', async () => {
    const { memory, content } = await withFile('one\ntwo\n');
    expect(
      (await memory({ command: 'insert', path: '/memories/f.md', insert_line: 0, insert_text: 'zero' })).text,
    ).toBe('Inserted 1 line at the top of /memories/f.md (now 3 lines, 13 bytes).');
    expect(
      (
        await memory({
          command: 'insert',
          path: '/memories/f.md',
          insert_line: 2,
          insert_text: 'one and a half\nalmost two\n',
        })
      ).text,
    ).toBe('Inserted 2 lines after line 2 of /memories/f.md (now 5 lines, 39 bytes).');
    await memory({ command: 'insert', path: '/memories/f.md', insert_line: 5, insert_text: 'three' });
    expect(await content()).toBe('zero\none\none and a half\nalmost two\ntwo\nthree');
  });

  it('adds after a last line that has no line break, keeping the file without a final one', async () => {
    const { memory } = await withFile('one\ntwo');
    await memory({ command: 'insert', path: '/memories/f.md', insert_line: 2, insert_text: 'three' });
    await memory({ command: 'insert', path: '/memories/f.md', insert_line: 1, insert_text: '' });
    await memory({ command: 'create', path: '/memories/g.md', file_text: '' });
    await memory({ command: 'insert', path: '/memories/g.md', insert_line: 0, insert_text: 'first' });
    const view = await memory({ command: 'view', path: '/memories/f.md' });
    expect(view.text.split('\n').slice(1)).toEqual(['     1\tone', '     2\t', '     3\ttwo', '     4\tthree']);
    expect(view.text.split('\n')[0]).toContain('4 lines, 14 bytes');
    expect((await memory({ command: 'view', path: '/memories/g.md' })).text).toContain('1 line, 6 bytes');
  });

  it('refuses a line past the end, and leaves the file as it was', async () => {
    const { memory, content } = await withFile('one\ntwo\n');
    expect(await memory({ command: 'insert', path: '/memories/f.md', insert_line: 3, insert_text: 'x' })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'insert_line 3 is past the end of /memories/f.md, which has 2 lines; use 0 to 2 (2 adds at the end).',
    });
    expect(
      (await memory({ command: 'insert', path: '/memories/none.md', insert_line: 0, insert_text: 'x' })).code,
    ).toBe('file_not_found');
    expect(await content()).toBe('one\ntwo');
  });
});
