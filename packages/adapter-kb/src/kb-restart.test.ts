import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteKbStore } from './index.js';
import { engine, kbCell, tempRoot, writeFiles } from './kb.test.fixture.js';

type Listed = { path: string; indexedAt: string; size: number };

async function listed(cell: Awaited<ReturnType<typeof kbCell>>): Promise<Map<string, Listed>> {
  const list = await cell.run().call('kb.list', {});
  return new Map((list.data as { documents: Listed[] }).documents.map((document) => [document.path, document]));
}

describe('the index across a stop and a start', () => {
  it('keeps what did not change, reads what did, and drops what went', async () => {
    const { work, data } = tempRoot();
    const pdf = readFileSync(new URL('../test-files/lighthouse.pdf', import.meta.url));
    writeFiles(work, {
      'docs/same.md': 'unchanged otter\n',
      'docs/touched.md': 'touched beaver\n',
      'docs/changed.md': 'old heron\n',
      'docs/gone.md': 'vanishing badger\n',
      'docs/manual.pdf': pdf,
    });
    const first = await kbCell(work, data);
    const before = await listed(first);
    expect([...before.keys()]).toEqual([
      'docs/changed.md',
      'docs/gone.md',
      'docs/manual.pdf',
      'docs/same.md',
      'docs/touched.md',
    ]);
    await first.stop();

    // While no cell runs: a change, a removal, an addition, and a touch that leaves the bytes alone.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(join(work, 'docs/changed.md'), 'new kingfisher\n');
    rmSync(join(work, 'docs/gone.md'));
    writeFiles(work, { 'docs/added.md': 'fresh puffin\n' });
    const later = new Date(Date.now() + 120_000);
    utimesSync(join(work, 'docs/touched.md'), later, later);

    const second = await kbCell(work, data);
    const after = await listed(second);
    expect([...after.keys()]).toEqual([
      'docs/added.md',
      'docs/changed.md',
      'docs/manual.pdf',
      'docs/same.md',
      'docs/touched.md',
    ]);
    for (const path of ['docs/same.md', 'docs/touched.md', 'docs/manual.pdf']) {
      expect(after.get(path)?.indexedAt, path).toBe(before.get(path)?.indexedAt);
    }
    expect(after.get('docs/changed.md')?.indexedAt).not.toBe(before.get('docs/changed.md')?.indexedAt);
    const search = async (query: string) =>
      ((await second.run().call('kb.search', { query })).data as { hits: { path: string }[] }).hits.map(
        (hit) => hit.path,
      );
    expect(await search('kingfisher')).toEqual(['docs/changed.md']);
    expect(await search('heron')).toEqual([]);
    expect(await search('badger')).toEqual([]);
    expect(await search('puffin')).toEqual(['docs/added.md']);
    expect(await search('otter')).toEqual(['docs/same.md']);
    expect(await search('lighthouse')).toEqual(['docs/manual.pdf']);
    await second.stop();

    // The same data folder with another folder configured: the old folder's documents go.
    writeFiles(work, { 'notes/only.md': 'only walrus\n' });
    const third = await kbCell(work, data, { kb: { folders: ['notes'] } });
    expect([...(await listed(third)).keys()]).toEqual(['notes/only.md']);
    await third.stop();
  });

  it('takes the tools away when the cell stops, and a new cell reopens the index', async () => {
    const { work, data } = tempRoot();
    writeFiles(work, { 'docs/a.md': 'alpha\n' });
    const cell = await kbCell(work, data);
    const run = cell.run();
    await cell.stop();
    const after = await run.call('kb.search', { query: 'alpha' });
    expect([after.isError, after.code, after.text]).toEqual([
      true,
      'unknown_tool',
      "There is no tool named 'kb.search'",
    ]);
    const again = await kbCell(work, data);
    expect((await again.run().call('kb.search', { query: 'alpha' })).text).toContain('docs/a.md:1');
    await again.stop();
  });

  it('builds the index again when it was written by another layout', async () => {
    const { root } = tempRoot();
    const file = join(root, 'kb', 'index.sqlite');
    const store = sqliteKbStore(file);
    await store.write({
      put: [
        {
          document: {
            path: '/x/a.md',
            folder: '/x',
            kind: 'markdown',
            size: 1,
            mtimeMs: 1,
            hash: 'h',
            lines: 1,
            indexedAt: 'then',
          },
          text: 'zebra',
          passages: [{ start: 1, end: 1 }],
        },
      ],
    });
    await store.close();
    const database = new Database(file);
    database.prepare("UPDATE kb_meta SET value = 'kb-0' WHERE key = 'layout'").run();
    database.close();
    const reopened = sqliteKbStore(file);
    expect(await reopened.states()).toEqual([]);
    expect(await reopened.search({ match: '"zebra"', limit: 10 })).toEqual([]);
    await reopened.close();
  });

  it('refuses a cell whose index cannot be opened, leaving nothing running', () => {
    const { work, root } = tempRoot();
    writeFiles(work, { 'docs/a.md': 'alpha\n' });
    writeFiles(root, { 'data/kb': 'a file where the index folder should be' });
    expect(() => engine.createCell({ workDir: work, dataDir: join(root, 'data'), kb: { folders: ['docs'] } })).toThrow(
      `the kb cannot open its index at ${join(root, 'data', 'kb', 'index.sqlite')}: EEXIST: file already exists, mkdir '${join(root, 'data', 'kb')}'`,
    );
  });
});
