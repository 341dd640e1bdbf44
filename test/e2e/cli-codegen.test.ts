import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-harness.js';
import { copyExamplePack, EXAMPLE_PACK, removeCopies, writePackFile } from './codegen-harness.js';

afterAll(removeCopies);

const NOT_STRICT =
  "error: tools/notes.tag.tool.ts (tool 'notes.tag'): tool 'notes.tag' is marked meta.strict, but strict mode cannot take it: /properties/tags: a free-form map (patternProperties, as Type.Record makes) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects (openai-strict, anthropic)";

describe('wesgine-tools gen', () => {
  it('reports what it wrote, then skips an unchanged pack', async () => {
    const pack = copyExamplePack();
    rmSync(join(pack, 'generated/schemas'), { recursive: true });
    expect(await runCli(pack, 'gen')).toEqual({
      code: 0,
      out: '@wesgine/example-pack: 4 added, 0 modified, 0 deleted, 0 handler stubs written (.)',
      err: '',
    });
    expect(await runCli(pack, 'gen')).toEqual({ code: 0, out: '@wesgine/example-pack: up to date (.)', err: '' });
  });

  it('does not skip when a module a tool imports has changed', async () => {
    const pack = copyExamplePack();
    writePackFile(pack, 'src/limits.ts', 'export const MAX_TAGS = 5;\n');
    writePackFile(
      pack,
      'tools/notes.tag.tool.ts',
      "import { defineTool, Type } from '@wesgine/schema';\nimport { MAX_TAGS } from '../src/limits.js';\nexport default defineTool({ name: 'notes.tag', description: 'Tag a note.', parameters: Type.Object({ tags: Type.Array(Type.String(), { maxItems: MAX_TAGS }) }) });\n",
    );
    writePackFile(
      pack,
      'src/handlers/notes.tag.ts',
      "import type { ToolHandler } from '@wesgine/schema';\nimport type { NotesTagArgs } from '../../generated/types.gen.js';\nexport const notesTag: ToolHandler<NotesTagArgs> = (args) => args.tags.join(' ');\n",
    );
    expect((await runCli(pack, 'gen')).code).toBe(0);
    expect((await runCli(pack, 'gen')).out).toBe('@wesgine/example-pack: up to date (.)');
    writePackFile(pack, 'src/limits.ts', 'export const MAX_TAGS = 7;\n');
    expect(await runCli(pack, 'gen')).toEqual({
      code: 0,
      out: '@wesgine/example-pack: 0 added, 11 modified, 0 deleted, 0 handler stubs written (.)',
      err: '',
    });
    expect(readFileSync(join(pack, 'generated/schemas/notes.tag.gen.json'), 'utf8')).toContain('"maxItems": 7');
  });

  it('refuses a strict tool that cannot be strict, naming file and tool, and writes nothing', async () => {
    const pack = copyExamplePack();
    writePackFile(
      pack,
      'tools/notes.tag.tool.ts',
      "import { defineTool, Type } from '@wesgine/schema';\nexport default defineTool({ name: 'notes.tag', description: 'Tag notes.', parameters: Type.Object({ tags: Type.Record(Type.String(), Type.String()) }), meta: { strict: true } });\n",
    );
    expect(await runCli(pack, 'gen')).toEqual({ code: 1, out: '', err: NOT_STRICT });
    expect(existsSync(join(pack, 'generated/schemas/notes.tag.gen.json'))).toBe(false);
    expect(existsSync(join(pack, 'src/handlers/notes.tag.ts'))).toBe(false);
  });
});

describe('wesgine-tools gen and check on broken sources', () => {
  it('name the handler that no longer matches its tool, and exit 1', async () => {
    const pack = copyExamplePack();
    const definition = readFileSync(join(pack, 'tools/notes.read.tool.ts'), 'utf8');
    writePackFile(
      pack,
      'tools/notes.read.tool.ts',
      definition.replace('    path: Path(', '    note: Path(').replaceAll('{ path: ', '{ note: '),
    );
    const gen = await runCli(pack, 'gen');
    expect(gen.code).toBe(1);
    expect(gen.err).toMatch(
      /^error: src\/handlers\/notes\.read\.ts \(tool 'notes\.read'\): the handler of tool 'notes\.read' no longer matches its types: Property 'path' does not exist on type 'NotesReadArgs'\. \(lines [\d, ]+\)$/,
    );
    const checked = await runCli(pack, 'check');
    expect(checked.code).toBe(1);
    expect(checked.err.split('\n')).toEqual([gen.err, '1 pack failed the check']);
  });

  it('refuse a tool whose TypeScript names the generated files use themselves', async () => {
    const pack = copyExamplePack();
    writePackFile(
      pack,
      'tools/pack.tool.ts',
      "import { defineTool, Type } from '@wesgine/schema';\nexport default defineTool({ name: 'pack', description: 'Pack.', parameters: Type.Object({}) });\n",
    );
    expect(await runCli(pack, 'gen')).toEqual({
      code: 1,
      out: '',
      err: "error: tools/pack.tool.ts (tool 'pack'): maps to the TypeScript name pack, which the generated files use themselves; rename the tool",
    });
  });

  it('name a definition that does not load, and exit 1', async () => {
    const pack = copyExamplePack();
    writePackFile(pack, 'tools/notes.tag.tool.ts', "export default { name: 'notes.tag' };\n");
    expect(await runCli(pack, 'gen')).toEqual({
      code: 1,
      out: '',
      err: "error: tools/notes.tag.tool.ts (tool 'notes.tag'): the default export was not made by defineTool(...) from @wesgine/schema",
    });
  });
});

describe('wesgine-tools check', () => {
  it('names each stale, missing or leftover file and exits 1', async () => {
    const pack = copyExamplePack();
    writePackFile(pack, 'generated/schemas/notes.read.gen.json', '{}\n');
    rmSync(join(pack, 'generated/types.gen.ts'));
    writePackFile(pack, 'generated/old.gen.json', '{}\n');
    expect(await runCli(join(pack, '..'), 'check', '--pack', 'pack')).toEqual({
      code: 1,
      out: '',
      err: [
        'error: pack/generated/old.gen.json: is no longer generated; run `wesgine-tools gen` to delete it',
        'error: pack/generated/schemas/notes.read.gen.json: is out of date; run `wesgine-tools gen`',
        'error: pack/generated/types.gen.ts: is missing; run `wesgine-tools gen`',
        '1 pack out of date: run wesgine-tools gen',
      ].join('\n'),
    });
  });

  it('runs on every pack of the workspace from the repository root (the real bin, as npm test runs it)', () => {
    const repo = resolve(EXAMPLE_PACK, '../..');
    const out = execFileSync(process.execPath, ['packages/codegen/bin/wesgine-tools.js', 'check'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(out).toBe(
      [
        '@wesgine/adapter-cron: generated files are current (packages/adapter-cron)',
        '@wesgine/adapter-desktop: generated files are current (packages/adapter-desktop)',
        '@wesgine/adapter-email: generated files are current (packages/adapter-email)',
        '@wesgine/adapter-headless-browser: generated files are current (packages/adapter-headless-browser)',
        '@wesgine/adapter-kb: generated files are current (packages/adapter-kb)',
        '@wesgine/adapter-playwright: generated files are current (packages/adapter-playwright)',
        '@wesgine/builtins: generated files are current (packages/builtins)',
        '@wesgine/example-pack: generated files are current (test/example-pack)',
        '',
      ].join('\n'),
    );
  });
});

describe('wesgine-tools call', () => {
  const write = '{"path":"a.md","text":"hi\\n","mode":"create"}';

  it('runs a handler and prints what the model reads, with the data', async () => {
    const cwd = tempDir('call');
    expect(await runCli(cwd, 'call', 'notes.write', write, '--pack', EXAMPLE_PACK)).toEqual({
      code: 0,
      out: 'created a.md (3 bytes)\ndata: {\n  "path": "a.md",\n  "bytes": 3,\n  "created": true\n}',
      err: '',
    });
    expect(readFileSync(join(cwd, 'a.md'), 'utf8')).toBe('hi\n');
  });

  it("prints a handler's ToolError with its code and exits 1", async () => {
    const cwd = tempDir('call');
    await runCli(cwd, 'call', 'notes.write', write, '--pack', EXAMPLE_PACK);
    expect(await runCli(cwd, 'call', 'notes.write', write, '--pack', EXAMPLE_PACK)).toEqual({
      code: 1,
      out: '',
      err: "error [conflict]: a.md already exists; use mode 'overwrite' or 'append'",
    });
  });

  it('validates the arguments as the runtime will and never runs the handler on bad ones', async () => {
    const cwd = tempDir('call');
    expect(
      await runCli(cwd, 'call', 'notes.write', '{"path":"b.md","text":1,"mode":"create"}', '--pack', EXAMPLE_PACK),
    ).toEqual({
      code: 1,
      out: '',
      err: 'The arguments for `notes.write` are not valid (1 problem):\n- /text: must be a string, got 1 (a number)',
    });
    expect(existsSync(join(cwd, 'b.md'))).toBe(false);
  });

  it('refuses a path argument that leads out of the current folder, before the handler runs', async () => {
    const cwd = tempDir('call');
    for (const path of ['../escape.md', '/etc/passwd']) {
      const run = await runCli(cwd, 'call', 'notes.read', JSON.stringify({ path }), '--pack', EXAMPLE_PACK);
      expect(run).toEqual({
        code: 1,
        out: '',
        err: `error [denied]: /path: ${path} is outside ${cwd}; call only allows paths inside the current folder`,
      });
    }
  });

  it('rejects an unknown tool and arguments that are not JSON', async () => {
    const cwd = tempDir('call');
    expect(await runCli(cwd, 'call', 'notes.nope', '{}', '--pack', EXAMPLE_PACK)).toEqual({
      code: 2,
      out: '',
      err: "wesgine-tools: pack @wesgine/example-pack has no tool 'notes.nope'; its tools: notes.clip, notes.read, notes.search, notes.write",
    });
    expect(await runCli(cwd, 'call', 'notes.read', '{bad', '--pack', EXAMPLE_PACK)).toEqual({
      code: 2,
      out: '',
      err: "wesgine-tools: the arguments are not valid JSON: Expected property name or '}' in JSON at position 1",
    });
  });
});

describe('wesgine-tools docs and list', () => {
  it('regenerates only the docs page', async () => {
    const pack = copyExamplePack();
    writePackFile(
      pack,
      'docs/tools.md',
      '# Notes\n\nMine.\n\n<!-- wesgine-tools:start -->\n<!-- wesgine-tools:end -->\n',
    );
    expect(await runCli(pack, 'docs')).toEqual({ code: 0, out: 'docs/tools.md: written', err: '' });
    const page = readFileSync(join(pack, 'docs/tools.md'), 'utf8');
    expect(page.startsWith('# Notes\n\nMine.\n\n<!-- wesgine-tools:start -->')).toBe(true);
    expect(page).toContain('notes.search');
    expect(await runCli(pack, 'docs')).toEqual({ code: 0, out: 'docs/tools.md: up to date', err: '' });
  });

  it('prints the catalogue with categories', async () => {
    expect(await runCli(EXAMPLE_PACK, 'list')).toEqual({
      code: 0,
      out: [
        '@wesgine/example-pack@0.1.0  4 tools  (.)',
        '  notes.clip    action       Fetch a web page and save its text as a new note under clips/, with the address and the time at the top; an existing note is never replaced.',
        '  notes.read    exploration  Read one note and return its text with line numbers.',
        '  notes.search  exploration  Search the notes folder for a word or phrase (case-insensitive).',
        '  notes.write   action       Create a note, replace one, or add text to its end.',
      ].join('\n'),
      err: '',
    });
  });

  it('list says to run gen when the manifest is missing', async () => {
    const pack = copyExamplePack();
    rmSync(join(pack, 'toolpack.json'));
    expect(await runCli(pack, 'list')).toEqual({
      code: 1,
      out: '',
      err: 'error: toolpack.json: is missing; run wesgine-tools gen',
    });
  });
});
