import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-harness.js';

describe('wesgine-tools init', () => {
  it('scaffolds a pack in a new folder and says what to do next', async () => {
    const cwd = tempDir('init');
    const run = await runCli(cwd, 'init', 'notes-tools');
    expect(run).toEqual({
      code: 0,
      out: [
        'created tool pack notes-tools in notes-tools',
        'next:',
        '  cd notes-tools && npm install',
        '  npx wesgine-tools new <tool-name>   # add a tool definition',
        '  npx wesgine-tools gen               # generate types, schemas, handler stubs and docs',
      ].join('\n'),
      err: '',
    });
    const manifest = JSON.parse(readFileSync(join(cwd, 'notes-tools/package.json'), 'utf8'));
    expect(manifest.name).toBe('notes-tools');
    expect(existsSync(join(cwd, 'notes-tools/docs/tools.md'))).toBe(true);
  });

  it('refuses a folder with files but no package.json, and changes nothing', async () => {
    const cwd = tempDir('init');
    mkdirSync(join(cwd, 'busy'));
    writeFileSync(join(cwd, 'busy/keep.txt'), 'mine');
    expect(await runCli(cwd, 'init', 'busy')).toEqual({
      code: 2,
      out: '',
      err: 'wesgine-tools: busy has files but no package.json; init makes a new pack in a new or empty folder, or adds one to an existing package (a folder with a package.json)',
    });
    expect(readdirSync(join(cwd, 'busy'))).toEqual(['keep.txt']);
  });

  it('refuses a folder name that is no npm name unless --name is given', async () => {
    const cwd = tempDir('init');
    expect((await runCli(cwd, 'init', 'My Tools')).err).toBe(
      "wesgine-tools: 'my tools' is not a valid npm package name (lower case letters, digits, '-', '.', '_', '~', optionally @scope/); choose one with --name",
    );
    expect((await runCli(cwd, 'init', 'My Tools', '--name', '@me/tools')).code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'My Tools/package.json'), 'utf8')).name).toBe('@me/tools');
  });

  it('refuses a path that is a file', async () => {
    const cwd = tempDir('init');
    writeFileSync(join(cwd, 'taken'), 'x');
    expect(await runCli(cwd, 'init', 'taken')).toEqual({
      code: 2,
      out: '',
      err: 'wesgine-tools: taken is a file; init needs a folder (new, empty, or a package with package.json)',
    });
  });

  it('quotes a folder with spaces in the next step', async () => {
    const cwd = tempDir('init');
    expect((await runCli(cwd, 'init', 'Sp Tools', '--name', 'sp-tools')).out).toContain(
      '  cd "Sp Tools" && npm install',
    );
  });

  it('needs a folder', async () => {
    expect(await runCli(tempDir('init'), 'init')).toMatchObject({
      code: 2,
      err: 'wesgine-tools: init needs a folder: wesgine-tools init <dir>',
    });
  });
});

describe('wesgine-tools new', () => {
  async function pack(): Promise<string> {
    const cwd = tempDir('new');
    await runCli(cwd, 'init', 'p');
    return join(cwd, 'p');
  }

  it('adds a tool definition', async () => {
    const root = await pack();
    expect(await runCli(root, 'new', 'notes.search')).toEqual({
      code: 0,
      out: 'created tools/notes.search.tool.ts\nedit its description and parameters, then run: wesgine-tools gen',
      err: '',
    });
    expect(readFileSync(join(root, 'tools/notes.search.tool.ts'), 'utf8')).toContain("name: 'notes.search',");
  });

  it('never overwrites a definition', async () => {
    const root = await pack();
    await runCli(root, 'new', 'a');
    writeFileSync(join(root, 'tools/a.tool.ts'), '// mine\n');
    expect((await runCli(root, 'new', 'a')).err).toBe('wesgine-tools: tools/a.tool.ts already exists');
    expect(readFileSync(join(root, 'tools/a.tool.ts'), 'utf8')).toBe('// mine\n');
  });

  it('rejects a name the MCP rule forbids', async () => {
    const root = await pack();
    expect((await runCli(root, 'new', 'notes/search')).err).toBe(
      `wesgine-tools: the name 'notes/search' contains "/"; use only letters, digits, '.', '_' and '-'`,
    );
  });

  it('finds the pack from --pack or says where it looked', async () => {
    const root = await pack();
    const outside = tempDir('new');
    expect((await runCli(outside, 'new', 'x', '--pack', root)).code).toBe(0);
    expect((await runCli(outside, 'new', 'x')).err).toBe(
      `wesgine-tools: no tool pack in ${outside}: a tool pack is a folder with a package.json and a tools/ folder for its *.tool.ts definitions; run in a pack folder or at a workspace root, pass --pack <dir>, or make one with \`wesgine-tools init .\``,
    );
    expect((await runCli(outside, 'new', 'x', '--pack', 'nowhere')).err).toBe(
      `wesgine-tools: --pack nowhere: no package.json in ${join(outside, 'nowhere')}; a tool pack is a folder with a package.json and a tools/ folder for its *.tool.ts definitions; make one with \`wesgine-tools init nowhere\``,
    );
  });
});

describe('wesgine-tools usage', () => {
  it.each([
    [['init', 'a', 'b'], 'init takes one folder, got also: b'],
    [['new'], 'new needs a tool name: wesgine-tools new <tool>'],
    [['new', 'a', 'b'], 'new takes one tool name, got also: b'],
    [['gen', 'extra'], 'gen takes no arguments, got: extra'],
    [['check', 'extra'], 'check takes no arguments, got: extra'],
    [['call'], `call needs a tool name: wesgine-tools call <tool> '{"arg": 1}'`],
    [['call', 'a', '{}', 'b'], 'call takes the tool name and one JSON argument; quote the JSON'],
    [['check', '--force'], '--force does not apply to check'],
    [['list', '--name', 'x'], '--name does not apply to list'],
  ])('rejects %j with a usage message', async (argv, message) => {
    const cwd = tempDir('usage');
    await runCli(cwd, 'init', 'p');
    expect(await runCli(join(cwd, 'p'), ...argv)).toEqual({ code: 2, out: '', err: `wesgine-tools: ${message}` });
  });

  it('prints help, and rejects unknown commands and options', async () => {
    const cwd = tempDir('usage');
    expect((await runCli(cwd, '--help')).out).toContain('wesgine-tools init <dir> [--name <npm-name>]');
    expect(await runCli(cwd, 'frobnicate')).toMatchObject({
      code: 2,
      err: "wesgine-tools: unknown command 'frobnicate'; run wesgine-tools --help for the list",
    });
    expect(await runCli(cwd, 'gen', '--verbose')).toMatchObject({
      code: 2,
      err: 'wesgine-tools: unknown option --verbose',
    });
    expect((await runCli(cwd, '--version')).out).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
