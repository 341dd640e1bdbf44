import { mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kbCell, tempRoot, until, writeFiles } from './kb.test.fixture.js';

const { work, data, outside } = tempRoot();
let cell: Awaited<ReturnType<typeof kbCell>>;
const docs = join(work, 'docs');

async function paths(): Promise<string[]> {
  const list = await cell.run().call('kb.list', {});
  return (list.data as { documents: { path: string }[] }).documents.map((document) => document.path);
}

async function hits(query: string): Promise<string[]> {
  const result = await cell.run().call('kb.search', { query });
  return (result.data as { hits: { path: string }[] }).hits.map((hit) => hit.path);
}

beforeAll(async () => {
  writeFiles(work, { 'docs/start.md': 'The first note.\n' });
  writeFiles(outside, { 'secret.md': 'outside password swordfish\n', 'sub/inner.md': 'swordfish again\n' });
  cell = await kbCell(work, data);
});
afterAll(() => cell.stop());

describe('the index follows the folder', () => {
  it('picks up a new file, a change and a removal', async () => {
    writeFileSync(join(docs, 'added.md'), 'A walrus arrived.\n');
    await until(async () => (await hits('walrus')).length === 1);
    writeFileSync(join(docs, 'added.md'), 'A narwhal replaced it.\n');
    await until(async () => (await hits('narwhal')).length === 1);
    expect(await hits('walrus')).toEqual([]);
    rmSync(join(docs, 'added.md'));
    await until(async () => !(await paths()).includes('docs/added.md'));
    expect(await hits('narwhal')).toEqual([]);
  });

  it('picks up a new folder of files, a renamed folder and a removed one', async () => {
    mkdirSync(join(docs, 'deep/er'), { recursive: true });
    writeFileSync(join(docs, 'deep/er/one.md'), 'Penguins in a deep folder.\n');
    writeFileSync(join(docs, 'deep/two.txt'), 'More penguins.\n');
    await until(async () => (await hits('penguins')).length === 2);
    renameSync(join(docs, 'deep'), join(docs, 'moved'));
    await until(async () => (await paths()).includes('docs/moved/er/one.md'));
    expect((await hits('penguins')).sort()).toEqual(['docs/moved/er/one.md', 'docs/moved/two.txt']);
    rmSync(join(docs, 'moved'), { recursive: true });
    await until(async () => (await hits('penguins')).length === 0);
    expect(await paths()).toEqual(['docs/start.md']);
  });

  it('never follows a link made into the folder, to a file or a folder outside', async () => {
    symlinkSync(join(outside, 'secret.md'), join(docs, 'linked.md'));
    symlinkSync(join(outside, 'sub'), join(docs, 'linked-folder'));
    writeFileSync(join(docs, 'marker.md'), 'marker after the links\n');
    await until(async () => (await hits('marker')).length === 1);
    expect(await hits('swordfish')).toEqual([]);
    expect(await paths()).toEqual(['docs/marker.md', 'docs/start.md']);
    const get = await cell.run().call('kb.get', { path: 'docs/linked.md' });
    expect(get.isError).toBe(true);
    rmSync(join(docs, 'linked.md'));
    rmSync(join(docs, 'linked-folder'));
    rmSync(join(docs, 'marker.md'));
    await until(async () => (await paths()).length === 1);
  });

  it('reads a file that is only touched, without indexing it again', async () => {
    const before = await cell.run().call('kb.list', {});
    const indexedAt = (before.data as { documents: { indexedAt: string }[] }).documents[0]?.indexedAt;
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(docs, 'start.md'), later, later);
    await until(async () => {
      const list = await cell.run().call('kb.list', {});
      return (
        (list.data as { documents: { modified: string }[] }).documents[0]?.modified ===
        `${later.toISOString().slice(0, 19)}Z`
      );
    });
    const after = await cell.run().call('kb.list', {});
    expect((after.data as { documents: { indexedAt: string }[] }).documents[0]?.indexedAt).toBe(indexedAt);
  });

  it('takes a burst of writes in one update, and the last one wins', async () => {
    for (let index = 0; index < 30; index++) writeFileSync(join(docs, 'burst.md'), `burst version${index}\n`);
    await until(async () => (await hits('version29')).length === 1);
    expect(await hits('version28')).toEqual([]);
    for (let index = 0; index < 50; index++) writeFiles(docs, { [`many/file-${index}.md`]: `crowd member ${index}\n` });
    await until(async () => (await paths()).length === 52);
    const crowd = await cell.run().call('kb.search', { query: 'crowd', limit: 50 });
    expect((crowd.data as { hits: unknown[] }).hits).toHaveLength(50);
  });
});
