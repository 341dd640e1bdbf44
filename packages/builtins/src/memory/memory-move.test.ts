import { describe, expect, it } from 'vitest';
import { memoryCell } from './memory.test.fixture.js';

/** A cell holding a few files, and the listing of the whole store (without its header line). */
async function withFiles() {
  const cell = memoryCell();
  const files: Record<string, string> = {
    '/memories/a.md': 'a\n',
    '/memories/people/alice.md': 'Alice\n',
    '/memories/people/teams/core.md': 'core\n',
    '/memories/peoples.md': 'not in the people folder\n',
  };
  for (const [path, file_text] of Object.entries(files)) await cell.memory({ command: 'create', path, file_text });
  const listing = async () => (await cell.memory({ command: 'view', path: '/memories' })).text.split('\n').slice(1);
  return { ...cell, listing };
}

describe('memory delete', () => {
  it('deletes a file', async () => {
    const { memory, listing } = await withFiles();
    expect(await memory({ command: 'delete', path: '/memories/a.md' })).toEqual({
      isError: false,
      text: 'Deleted /memories/a.md (2 bytes).',
    });
    expect(await listing()).not.toContain('2 bytes\t/memories/a.md');
  });

  it('deletes a folder and everything under it, and nothing that only shares its prefix', async () => {
    const { memory, listing } = await withFiles();
    expect((await memory({ command: 'delete', path: '/memories/people/' })).text).toBe(
      'Deleted the folder /memories/people and the 2 files in it (11 bytes).',
    );
    expect(await listing()).toEqual(['2 bytes\t/memories/a.md', '25 bytes\t/memories/peoples.md']);
  });

  it('never deletes the root, and says when there is nothing to delete', async () => {
    const { memory, listing } = await withFiles();
    const before = await listing();
    expect(await memory({ command: 'delete', path: '/memories' })).toEqual({
      isError: true,
      code: 'not_allowed',
      text: '/memories itself cannot be deleted; delete the files or folders in it one at a time.',
    });
    expect(await memory({ command: 'delete', path: '/memories/peop' })).toEqual({
      isError: true,
      code: 'file_not_found',
      text: 'path /memories/peop: there is no memory file or folder there. View /memories to see what is stored.',
    });
    expect((await memory({ command: 'delete', path: '/memories/../memories' })).code).toBe('path_not_allowed');
    expect(await listing()).toEqual(before);
  });
});

describe('memory rename', () => {
  it('moves a file, then a folder with everything under it', async () => {
    const { memory, listing } = await withFiles();
    expect(await memory({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/archive/a.md' })).toEqual(
      {
        isError: false,
        text: 'Moved /memories/a.md to /memories/archive/a.md.',
      },
    );
    expect(
      (await memory({ command: 'rename', old_path: '/memories/people', new_path: '/memories/archive/folks' })).text,
    ).toBe('Moved the folder /memories/people (2 files) to /memories/archive/folks.');
    expect(await listing()).toEqual([
      '13 bytes\t/memories/archive/ (3 files)',
      '2 bytes\t/memories/archive/a.md',
      '11 bytes\t/memories/archive/folks/ (2 files)',
      '25 bytes\t/memories/peoples.md',
    ]);
    expect((await memory({ command: 'view', path: '/memories/archive/folks/teams/core.md' })).text).toContain(
      '1\tcore',
    );
    // Search follows the new names.
    expect((await memory({ command: 'search', query: 'folks' })).text).toContain('/memories/archive/folks/alice.md');
  });

  it('moves names with characters outside the Basic Multilingual Plane', async () => {
    const { memory } = memoryCell();
    await memory({ command: 'create', path: '/memories/🙂/x.md', file_text: 'x' });
    await memory({ command: 'rename', old_path: '/memories/🙂', new_path: '/memories/😀😀' });
    expect((await memory({ command: 'view', path: '/memories/😀😀/x.md' })).isError).toBe(false);
  });

  it('refuses every move that would replace, nest or lose something, and changes nothing', async () => {
    const { memory, listing } = await withFiles();
    const before = await listing();
    const refusals = await Promise.all(
      [
        ['/memories/a.md', '/memories/peoples.md'],
        ['/memories/a.md', '/memories/people'],
        ['/memories/a.md', '/memories'],
        ['/memories/people', '/memories/people/teams/x'],
        ['/memories/a.md', '/memories/peoples.md/a.md'],
        ['/memories', '/memories/all'],
        ['/memories/a.md', '/memories/a.md'],
        ['/memories/none', '/memories/b'],
        ['/memories/a.md', '/memories/../x'],
      ].map(([old_path, new_path]) => memory({ command: 'rename', old_path, new_path })),
    );
    expect(refusals.map((result) => `${result.code}: ${result.text}`)).toMatchInlineSnapshot(`
      [
        "file_exists: /memories/peoples.md already exists; rename never replaces anything. Choose another new_path, or delete /memories/peoples.md first.",
        "file_exists: /memories/people already exists; rename never replaces anything. Choose another new_path, or delete /memories/people first.",
        "invalid_arguments: new_path is the root /memories itself; give the new path in full, as in /memories/archive/notes.md.",
        "invalid_arguments: new_path /memories/people/teams/x lies inside old_path /memories/people; choose a new_path outside it.",
        "not_a_file: /memories/peoples.md is a file, so it cannot hold /memories/peoples.md/a.md; choose a path whose folders are not files.",
        "not_allowed: /memories itself cannot be moved; move the files or folders in it.",
        "no_change: old_path and new_path are the same, so there is nothing to move.",
        "file_not_found: old_path /memories/none: there is no memory file or folder there. View /memories to see what is stored.",
        "path_not_allowed: new_path "/memories/../x" uses '..', which could leave /memories; write the path out in full from /memories/.",
      ]
    `);
    expect(await listing()).toEqual(before);
  });
});
