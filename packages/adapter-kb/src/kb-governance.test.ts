import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { engine, kbCell, tempRoot, writeFiles } from './kb.test.fixture.js';

const privateZone = {
  version: 1,
  zone: 'test/kb-private',
  defaults: { exploration: 'allow', action: 'ask' },
  rules: [
    {
      id: 'no-private',
      effect: 'deny',
      tools: ['*'],
      paths: ['docs/private', 'docs/private/**'],
      reason: 'private notes',
    },
  ],
} as const;

async function hitPaths(run: { call: (name: string, args: unknown) => Promise<{ data?: unknown }> }, query: string) {
  const result = await run.call('kb.search', { query });
  return (result.data as { hits: { path: string }[] }).hits.map((hit) => hit.path).sort();
}

describe('which folders a cell may index', () => {
  it('refuses a folder outside the roots, and takes it once allowPaths names it', async () => {
    const { work, data, outside } = tempRoot();
    writeFiles(outside, { 'far.md': 'far away yak\n' });
    expect(() => engine.createCell({ workDir: work, dataDir: data, kb: { folders: [outside] } })).toThrow(
      `kb folder '${outside}' (${outside}) is not one this cell's tools may read: it must lie in the workDir (${work}) or an allowPaths entry, and be open under Hardline and the Zone; give such a folder, or add it to allowPaths`,
    );
    const cell = await kbCell(work, data, { kb: { folders: [outside] }, allowPaths: [outside] });
    expect(await hitPaths(cell.run(), 'yak')).toEqual([join(outside, 'far.md')]);
    await cell.stop();
  });

  it('refuses a folder that is a link leading out of the roots', () => {
    const { work, data, outside } = tempRoot();
    symlinkSync(outside, join(work, 'docs'));
    expect(() => engine.createCell({ workDir: work, dataDir: data, kb: { folders: ['docs'] } })).toThrow(
      `kb folder 'docs' (${outside}) is not one this cell's tools may read`,
    );
  });

  it('refuses a folder the Zone closes, and Hardline-protected folders', () => {
    const { work, data } = tempRoot();
    mkdirSync(join(work, 'docs/private'), { recursive: true });
    expect(() =>
      engine.createCell({ workDir: work, dataDir: data, zone: privateZone, kb: { folders: ['docs/private'] } }),
    ).toThrow(`kb folder 'docs/private' (${join(work, 'docs/private')}) is not one this cell's tools may read`);
    expect(() => engine.createCell({ workDir: '/', dataDir: data, kb: { folders: ['/proc'] } })).toThrow(
      "kb folder '/proc' (/proc) is not one this cell's tools may read",
    );
  });

  it('refuses a spec of the wrong shape, saying what to change', () => {
    const { work, data } = tempRoot();
    writeFiles(work, { 'docs/a.md': 'a\n', 'file.md': 'f\n' });
    mkdirSync(join(work, 'docs/inner'));
    const refusal = (kb: unknown) => {
      try {
        engine.createCell({ workDir: work, dataDir: data, kb: kb as never });
      } catch (error) {
        return (error as Error).message;
      }
      return 'created';
    };
    expect(refusal({ folders: [] })).toBe(
      "kb.folders must list at least one folder to index, such as { folders: ['docs'] }",
    );
    expect(refusal({ folders: 'docs' })).toBe('kb.folders must be a list of strings; got "docs"');
    expect(refusal({ folders: ['docs', ''] })).toBe('kb.folders[1] must be a non-empty string; got ""');
    expect(refusal({ folders: ['missing'] })).toBe(
      `kb folder 'missing' does not exist (looked for ${join(work, 'missing')}); create it, or take it out of kb.folders`,
    );
    expect(refusal({ folders: ['file.md'] })).toBe(
      `kb folder 'file.md' is a file, not a folder (${join(work, 'file.md')}); give the folder that holds it`,
    );
    expect(refusal({ folders: ['docs/inner', 'docs'] })).toBe(
      `kb folders 'docs/inner' and 'docs' overlap (${join(work, 'docs/inner')} lies in ${join(work, 'docs')}); list only 'docs'`,
    );
    expect(refusal({ folders: ['docs'], exclude: [3] })).toBe('kb.exclude[0] must be a non-empty string; got 3');
    expect(refusal({ folders: ['docs'], maxFileBytes: 0 })).toBe(
      'kb.maxFileBytes must be a whole number of bytes above 0; got 0',
    );
    expect(refusal({ folders: ['docs'], folder: 'x' })).toBe(
      "kb has no field 'folder'; its fields are folders, include, exclude, maxFileBytes",
    );
    expect(refusal(null)).toBe("kb must be an object such as { folders: ['docs'] }");
  });
});

describe('what the index holds and shows', () => {
  it('never indexes files the Zone closes, the default Zone included', async () => {
    const { work, data } = tempRoot();
    writeFiles(work, {
      'docs/open.md': 'shared llama facts\n',
      'docs/.env.md': 'llama token 1234\n',
      'docs/private/diary.md': 'private llama diary\n',
    });
    const byDefault = await kbCell(work, data, { zone: DEFAULT_ZONE_FILE });
    expect(await hitPaths(byDefault.run(), 'llama')).toEqual(['docs/open.md', 'docs/private/diary.md']);
    await byDefault.stop();
    // The same data folder under a stricter Zone: what it closes leaves the index at start.
    const strict = await kbCell(work, data, { zone: privateZone });
    expect(await hitPaths(strict.run(), 'llama')).toEqual(['docs/.env.md', 'docs/open.md']);
    const list = await strict.run().call('kb.list', {});
    expect(list.text).not.toContain('diary');
    await strict.stop();
  });

  it("keeps a run's narrower Zone: its hits, listing and reads leave out what it closes", async () => {
    const { work, data } = tempRoot();
    writeFiles(work, { 'docs/open.md': 'open camel\n', 'docs/private/plan.md': 'secret camel plan\n' });
    const cell = await kbCell(work, data);
    expect(await hitPaths(cell.run(), 'camel')).toEqual(['docs/open.md', 'docs/private/plan.md']);
    const narrow = cell.run({ zone: privateZone });
    expect(await hitPaths(narrow, 'camel')).toEqual(['docs/open.md']);
    const listed = await narrow.call('kb.list', {});
    expect((listed.data as { documents: { path: string }[] }).documents.map((doc) => doc.path)).toEqual([
      'docs/open.md',
    ]);
    const read = await narrow.call('kb.get', { path: 'docs/private/plan.md' });
    expect([read.isError, read.code]).toEqual([true, 'zone_denied']);
    const outside = await cell.run().call('kb.get', { path: '/etc/hostname' });
    expect([outside.isError, outside.code]).toEqual([true, 'path_not_allowed']);
    await cell.stop();
  });

  it('lists its tools only while the field is set, and audits them as the adapter source', async () => {
    const { work, data } = tempRoot();
    writeFiles(work, { 'docs/a.md': 'a\n' });
    const plain = engine.createCell({ workDir: work, dataDir: join(data, 'plain') });
    expect(
      plain
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual([]);
    const cell = await kbCell(work, data);
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['kb.get', 'kb.list', 'kb.search']);
    await cell.run().call('kb.list', {});
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'kb.list',
      source: 'adapter',
      sourceId: 'adapter:kb',
      provenance: '@wesgine/adapter-kb@0.1.0',
      outcome: 'ok',
    });
    await cell.stop();
    await plain.stop();
  });

  it('stops waiting for the first index when the call is cancelled', async () => {
    const { work, data } = tempRoot();
    const files: Record<string, string> = {};
    for (let index = 0; index < 1500; index++) files[`docs/f${index}.md`] = `file ${index}\n`;
    writeFiles(work, files);
    const cell = engine.createCell({ workDir: work, dataDir: data, kb: { folders: ['docs'] } });
    const controller = new AbortController();
    const pending = cell.run({ signal: controller.signal }).call('kb.search', { query: 'file' });
    setTimeout(() => controller.abort(), 5);
    const result = await pending;
    expect([result.isError, result.code]).toEqual([true, 'aborted']);
    await cell.ready();
    const done = await cell.run().call('kb.list', { limit: 1 });
    expect((done.data as { total: number }).total).toBe(1500);
    await cell.stop();
  });
});
