import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-harness.js';

// `init` in a package that exists already, and the commands after it, through the real CLI. The packs
// that must load @wesgine/schema sit under test/.tmp, so it resolves through the repository's node_modules.

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
mkdirSync(join(repo, 'test/.tmp'), { recursive: true });
const parent = mkdtempSync(join(repo, 'test/.tmp/existing-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const MANIFEST = [
  '{',
  '    "private": true,',
  '    "name": "my-app",',
  '    "version": "3.1.0",',
  '    "type": "module",',
  '    "scripts": { "build": "tsc", "check": "biome check ." },',
  '    "devDependencies": { "typescript": "6.0.3" }',
  '}',
  '',
].join('\n');
const MINE = {
  'package.json': MANIFEST,
  'src/index.ts': 'export const answer = 42;\n',
  'README.md': '# my app\n',
  'tsconfig.json':
    '{ "compilerOptions": { "strict": true, "module": "NodeNext", "skipLibCheck": true, "noEmit": true } }\n',
};

function existing(under: string, name: string): string {
  const root = join(under, name);
  for (const [path, contents] of Object.entries(MINE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}

describe('wesgine-tools init in an existing package', () => {
  it('adds what a pack lacks, says what it added and left, and changes nothing else', async () => {
    const root = existing(tempDir('existing'), 'my-app');
    expect(await runCli(root, 'init', '.')).toEqual({
      code: 0,
      out: [
        "added to my-app in .: tools/, src/handlers/, docs/tools.md, package.json keywords \"wesgine-tool-pack\", package.json scripts.gen, package.json dependencies['@wesgine/schema'], package.json devDependencies['@wesgine/codegen'], package.json devDependencies['@types/node']",
        'left as they were: tsconfig.json, src/index.ts, package.json scripts.check, package.json devDependencies.typescript',
        'nothing else in the folder was changed',
        'next:',
        '  npm install',
        '  npx wesgine-tools new <tool-name>   # add a tool definition',
        '  npx wesgine-tools gen               # generate types, schemas, handler stubs and docs',
      ].join('\n'),
      err: '',
    });
    for (const path of ['src/index.ts', 'README.md', 'tsconfig.json']) {
      expect(readFileSync(join(root, path), 'utf8')).toBe(MINE[path as keyof typeof MINE]);
    }
    const manifest = readFileSync(join(root, 'package.json'), 'utf8');
    // Every key where it was, with its value; the additions after them, in the file's indentation.
    expect(Object.keys(JSON.parse(manifest))).toEqual([
      'private',
      'name',
      'version',
      'type',
      'scripts',
      'devDependencies',
      'keywords',
      'dependencies',
    ]);
    expect(JSON.parse(manifest)).toMatchObject({
      scripts: { build: 'tsc', check: 'biome check .', gen: 'wesgine-tools gen' },
      devDependencies: { typescript: '6.0.3' },
      keywords: ['wesgine-tool-pack'],
    });
    // Added in the text: the lines before stay byte for byte, an inline object stays inline.
    const lines = manifest.split('\n');
    expect(lines.slice(0, 5)).toEqual(MANIFEST.split('\n').slice(0, 5));
    expect(lines[5]).toBe('    "scripts": { "build": "tsc", "check": "biome check .", "gen": "wesgine-tools gen" },');
    expect(lines[6]).toMatch(
      /^ {4}"devDependencies": \{ "typescript": "6\.0\.3", "@wesgine\/codegen": "[^"]+", "@types\/node": "[^"]+" \},$/,
    );
    expect(lines[7]).toBe('    "keywords": [');
    expect(readdirSync(root).sort()).toEqual(['README.md', 'docs', 'package.json', 'src', 'tools', 'tsconfig.json']);
    expect(readFileSync(join(root, 'docs/tools.md'), 'utf8')).toContain('<!-- wesgine-tools:start -->');

    // Run again: nothing is missing, so nothing is written.
    const again = await runCli(root, 'init', '.');
    expect(again.out.split('\n').slice(0, 1)).toEqual(['nothing to add: my-app in . is a tool pack already']);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(manifest);
  });

  it('then new, gen and call work, with the package’s own src/index.ts left as it was', async () => {
    const root = existing(parent, 'app');
    expect((await runCli(root, 'init', '.')).code).toBe(0);
    expect((await runCli(root, 'new', 'notes.count')).code).toBe(0);
    const gen = await runCli(root, 'gen');
    expect(gen).toMatchObject({ code: 0, err: '' });
    writeFileSync(
      join(root, 'src/handlers/notes.count.ts'),
      [
        "import type { ToolHandler } from '@wesgine/schema';",
        "import type { NotesCountArgs } from '../../generated/types.gen.js';",
        '',
        'export const notesCount: ToolHandler<NotesCountArgs> = ({ query }) => "counted " + query;',
        '',
      ].join('\n'),
    );
    expect(await runCli(root, 'call', 'notes.count', '{"query":"x"}')).toEqual({ code: 0, out: 'counted x', err: '' });
    expect(readFileSync(join(root, 'src/index.ts'), 'utf8')).toBe(MINE['src/index.ts']);
    expect((await runCli(root, 'check')).code).toBe(0);
    // call needs the generated files, not src/index.ts.
    rmSync(join(root, 'src/index.ts'));
    expect(await runCli(root, 'call', 'notes.count', '{"query":"y"}')).toEqual({ code: 0, out: 'counted y', err: '' });
    // The same pack where nothing is installed: call says which package is missing and the fix.
    const moved = join(tempDir('uninstalled'), 'app');
    cpSync(root, moved, { recursive: true });
    expect(await runCli(moved, 'call', 'notes.count', '{"query":"y"}')).toEqual({
      code: 1,
      out: '',
      err: `error: package.json: the pack imports '@wesgine/schema', which is not installed: run \`npm install\` in ${moved}`,
    });
    // gen and check type-check the handlers: slow on a machine shared with other suites.
  }, 120_000);

  it('makes a workspace root a pack that new finds, by the keyword it adds', async () => {
    const root = tempDir('existing');
    writeFileSync(join(root, 'package.json'), '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n');
    expect((await runCli(root, 'new', 'a')).err).toBe(
      'wesgine-tools: this is a workspace root, not a pack: name the pack with --pack <dir>, or make the root one with `wesgine-tools init .`',
    );
    expect((await runCli(root, 'init', '.')).code).toBe(0);
    expect(await runCli(root, 'new', 'a')).toMatchObject({
      code: 0,
      out: expect.stringContaining('created tools/a.tool.ts'),
    });
  });

  it('refuses a broken package.json, a rename, and writes nothing', async () => {
    const root = tempDir('existing');
    writeFileSync(join(root, 'package.json'), '{ "name": "a", ');
    const broken = await runCli(root, 'init', '.');
    expect(broken).toMatchObject({ code: 2, out: '' });
    // The parser's own words differ between Node versions; what init adds around them does not.
    expect(broken.err).toMatch(/^wesgine-tools: \.\/package\.json is not valid JSON \(.+\); init changed nothing$/);
    writeFileSync(join(root, 'package.json'), '{ "name": "a" }');
    expect((await runCli(root, 'init', '.', '--name', 'b')).err).toBe(
      "wesgine-tools: ./package.json names the package 'a'; init does not rename it, leave out --name",
    );
    expect(readdirSync(root)).toEqual(['package.json']);
  });
});

describe('a pack whose dependencies are not installed', () => {
  it('gen says so in one line with the fix, and call asks for gen first', async () => {
    const cwd = tempDir('uninstalled');
    await runCli(cwd, 'init', 'p');
    const root = join(cwd, 'p');
    await runCli(root, 'new', 'a');
    await runCli(root, 'new', 'b');
    expect(await runCli(root, 'gen')).toEqual({
      code: 1,
      out: '',
      err: `error: package.json: the pack imports '@wesgine/schema', which is not installed: run \`npm install\` in ${root}`,
    });
    expect(await runCli(root, 'call', 'a', '{}')).toEqual({
      code: 1,
      out: '',
      err: 'error: generated/handlers.gen.ts: is missing: run `wesgine-tools gen` first',
    });
  });
});
