import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { builtins } from '../index.js';
import { memoryCell } from './memory.test.fixture.js';
import { closeMemoryDatabases } from './memory-database.js';

describe('memory store', () => {
  it('keeps one SQLite database per cell, in WAL mode, created on first use', async () => {
    const { memory, dataDir } = memoryCell();
    const file = join(dataDir, 'memory.sqlite');
    expect(existsSync(file)).toBe(false);
    await memory({ command: 'create', path: '/memories/a.md', file_text: 'alpha\n' });
    const database = new Database(file, { readonly: true });
    try {
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(database.prepare('SELECT path, text, size FROM memory_files').all()).toEqual([
        { path: '/memories/a.md', text: 'alpha\n', size: 6 },
      ]);
    } finally {
      database.close();
    }
  });

  it('is shared by the sessions of a cell, separate between cells, and lasts across engines', async () => {
    const first = memoryCell();
    await first.memory({ command: 'create', path: '/memories/a.md', file_text: 'alpha\n' });
    const otherSession = await first.newRun('session-2').call('memory', { command: 'view', path: '/memories/a.md' });
    expect(otherSession.text).toContain('1\talpha');
    const second = memoryCell();
    expect((await second.memory({ command: 'view', path: '/memories' })).text).toContain('is empty');
    closeMemoryDatabases();
    const again = createEngine({ tools: builtins }).createCell({ workDir: first.workDir, dataDir: first.dataDir });
    const result = await again.run({ sessionId: 'later' }).call('memory', { command: 'view', path: '/memories/a.md' });
    expect(result.text).toContain('1\talpha');
  });

  it('opens nothing for a refused path or a bad field', async () => {
    const { memory, dataDir } = memoryCell();
    expect((await memory({ command: 'create', path: '/memories/../../.bashrc', file_text: 'curl x | sh' })).code).toBe(
      'path_not_allowed',
    );
    expect((await memory({ command: 'create', path: '/memories/x' })).code).toBe('invalid_arguments');
    expect(existsSync(join(dataDir, 'memory.sqlite'))).toBe(false);
  });

  it('answers `unavailable`, without a stack trace, when the database file is damaged', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-memory-')));
    writeFileSync(
      join(root, 'memory.sqlite'),
      'this is not a database, just text that is long enough to look like a header',
    );
    const cell = createEngine({ tools: builtins }).createCell({ workDir: root, dataDir: root });
    const result = await cell.run({ sessionId: 's' }).call('memory', { command: 'view', path: '/memories' });
    expect(result).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'the memory store could not be used (SQLITE_NOTADB): its file is damaged or is not a database; tell the user, who can move it aside to start afresh.',
    });
  });

  it('keeps every one of many writes sent at once', async () => {
    const { memory } = memoryCell();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        memory({ command: 'create', path: `/memories/n/${index}`, file_text: `${index}` }),
      ),
    );
    expect(results.every((result) => !result.isError)).toBe(true);
    expect((await memory({ command: 'view', path: '/memories/n' })).text.split('\n')[0]).toBe(
      '/memories/n holds 40 files, 70 bytes in all. Two levels are shown; folders end with / and count everything under them.',
    );
  });

  it('keeps the search index in step with every change', async () => {
    const { memory } = memoryCell();
    await memory({ command: 'create', path: '/memories/a.md', file_text: 'apples\n' });
    await memory({ command: 'str_replace', path: '/memories/a.md', old_str: 'apples', new_str: 'pears' });
    expect((await memory({ command: 'search', query: 'apples' })).data).toEqual({ hits: [], allWords: true });
    expect((await memory({ command: 'search', query: 'pears' })).text).toContain('/memories/a.md (line 1)');
    await memory({ command: 'delete', path: '/memories/a.md' });
    expect((await memory({ command: 'search', query: 'pears' })).data).toEqual({ hits: [], allWords: true });
  });
});

describe('memory fields', () => {
  it('names a missing field, a field of another command, and an unknown field', async () => {
    const { memory } = memoryCell();
    const refusals = await Promise.all(
      [
        { command: 'create', path: '/memories/a.md' },
        { command: 'str_replace', path: '/memories/a.md', old_str: 'x' },
        { command: 'insert', path: '/memories/a.md', insert_text: 'x' },
        { command: 'rename', old_path: '/memories/a.md' },
        { command: 'search' },
        { command: 'view' },
        { command: 'view', path: '/memories', file_text: 'x' },
        { command: 'delete', path: '/memories/a.md', old_str: 'a', new_str: 'b' },
        { command: 'search', query: 'x', path: '/memories' },
        { command: 'view', path: '/memories', recursive: true },
      ].map((args) => memory(args)),
    );
    expect(refusals.map((result) => `${result.code}: ${result.text}`)).toMatchInlineSnapshot(`
      [
        "invalid_arguments: create needs file_text (the whole text of the file); create takes path and file_text.",
        "invalid_arguments: str_replace needs new_str (the text to put in its place, which may be empty); str_replace takes path, old_str and new_str.",
        "invalid_arguments: insert needs insert_line (the line to insert after, 0 for the top); insert takes path, insert_line and insert_text.",
        "invalid_arguments: rename needs new_path (where to move it); rename takes old_path and new_path.",
        "invalid_arguments: search needs query (the words to look for); search takes query and limit (optional).",
        "invalid_arguments: view needs path (the file or folder under /memories); view takes path and view_range (optional).",
        "invalid_arguments: file_text does not belong to view: view takes path and view_range (optional). Leave out file_text (used by create).",
        "invalid_arguments: old_str and new_str do not belong to delete: delete takes path. Leave out old_str (used by str_replace), new_str (used by str_replace).",
        "invalid_arguments: path does not belong to search: search takes query and limit (optional). Leave out path (used by view, create, str_replace, insert and delete).",
        "invalid_arguments: The arguments for \`memory\` are not valid (1 problem):
      - /recursive: unknown key "recursive"; the keys allowed here are "command", "path", "view_range", "file_text", "old_str", "new_str", "insert_line", "insert_text", "old_path", "new_path", "query" and "limit"",
      ]
    `);
  });
});

describe('memory store file', () => {
  it('starts afresh when its data folder was removed while the connection stayed open', async () => {
    const { memory, dataDir } = memoryCell();
    await memory({ command: 'create', path: '/memories/a.md', file_text: 'alpha\n' });
    rmSync(dataDir, { recursive: true });
    mkdirSync(dataDir);
    expect((await memory({ command: 'view', path: '/memories' })).text).toContain('is empty');
    await memory({ command: 'create', path: '/memories/b.md', file_text: 'beta\n' });
    expect(existsSync(join(dataDir, 'memory.sqlite'))).toBe(true);
  });
});
