import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-harness.js';
import { type LocalRegistry, lockedDependencies, startLocalRegistry } from './local-registry.js';

// Publishing as a release does it, and installing as a user does: a local registry (Verdaccio on
// 127.0.0.1, started and stopped here) gets the four packages through `changeset publish`; then the
// README's "Your first tool pack" runs word for word in a folder outside the repository, and a plain app
// installs the runtime and the built-in tools and makes a call. Nothing resolves to this repository's
// node_modules: every package comes from the registry.

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLISHED = ['schema', 'codegen', 'runtime', 'builtins'];

// The walkthrough's commands as the README has them. Changing the README's commands without this list
// fails the first test; the commands run are the README's own, parsed from its code blocks.
const README_COMMANDS = [
  'npx -p @wesgine/codegen wesgine-tools init my-tools',
  'cd my-tools && npm install',
  'npx wesgine-tools new notes.search',
  'npx wesgine-tools gen',
  `npx wesgine-tools call notes.search '{"query":"budget"}'`,
  `npx wesgine-tools call notes.search '{"query":""}'`,
];

let registry: LocalRegistry;
let work = '';

beforeAll(async () => {
  work = tempDir('registry');
  registry = await startLocalRegistry(join(work, 'registry'));
  const probe = await scaffoldDependencies(join(work, 'probe'));
  // Both at once (the registry takes either): what the published packages and a new pack depend on, at
  // the lockfile's versions; and the four packages, built first so that the four `prepack` builds
  // `changeset publish` runs at once are cache hits.
  await Promise.all([
    registry.publishFromCache(
      lockedDependencies(join(repo, 'package-lock.json'), {
        workspaces: PUBLISHED.map((name) => `packages/${name}`),
        names: probe,
      }),
    ),
    (async () => {
      await expectRun(sh('npx turbo run build --filter=./packages/* --output-logs=errors-only', repo));
      await expectRun(sh('npx changeset publish --no-git-tag', repo));
    })(),
  ]);
}, 420_000);

afterAll(async () => {
  await registry?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

// The walkthrough and the plain app install at the same time: most of either is npm waiting on files.
describe('published to a local registry', () => {
  it('the README walkthrough has the commands this test runs', () => {
    const { commands, code } = readmeWalkthrough();
    expect(commands).toEqual(README_COMMANDS);
    // The definition, then the handler.
    expect(code).toHaveLength(2);
    expect(code[0]).toContain("name: 'notes.search'");
    expect(code[1]).toContain('export const notesSearch');
  });

  it.concurrent('the README walkthrough: init, npm install, new, gen, fill in the stub, call, check', async ({
    expect,
  }) => {
    const { commands, code } = readmeWalkthrough();
    const [definition, handler] = code;
    const [init = '', install = '', add = '', gen = '', call = '', badCall = ''] = commands;
    let cwd = work;

    const step = async (command: string) => {
      const result = await sh(command, cwd);
      cwd = result.cwd;
      return result;
    };
    await expectRun(step(init));
    await expectRun(step(install));
    expect(cwd).toBe(join(work, 'my-tools'));
    expect(JSON.parse(readFileSync(join(cwd, 'node_modules/@wesgine/schema/package.json'), 'utf8')).version).toBe(
      version('schema'),
    );
    await expectRun(step(add));
    writeFileSync(join(cwd, 'tools/notes.search.tool.ts'), definition ?? '');

    const generated = await expectRun(step(gen));
    expect(generated.out).toContain('new handler stub: src/handlers/notes.search.ts; fill it in');
    expect(readFileSync(join(cwd, 'src/handlers/notes.search.ts'), 'utf8')).toContain(
      'export const notesSearch: ToolHandler<NotesSearchArgs>',
    );
    // The stub answers, and says which file to write.
    expect(await step(call)).toMatchObject({
      code: 1,
      out: '',
      err: "error [not_implemented]: tool 'notes.search' is not implemented: write src/handlers/notes.search.ts\n",
    });

    writeFileSync(join(cwd, 'src/handlers/notes.search.ts'), handler ?? '');
    expect(await step(call)).toMatchObject({
      code: 0,
      out: 'no notes match "budget" (looked at up to 10)\n',
      err: '',
    });
    expect(await step(badCall)).toMatchObject({
      code: 1,
      out: '',
      err: 'The arguments for `notes.search` are not valid (1 problem):\n- /query: must be at least 1 character long, got 0 characters\n',
    });
    await expectRun(step('npx wesgine-tools check'));
  }, 420_000);

  it.concurrent('a plain app installs @wesgine/runtime and @wesgine/builtins, reads a file through the pipeline, and can require them', async ({
    expect,
  }) => {
    const app = join(work, 'app');
    const project = join(app, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'notes.txt'), 'budget: 40\nrent: 12\n');
    writeFileSync(join(app, 'outside.txt'), 'not for the model\n');
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify(
        {
          name: 'consumer',
          private: true,
          type: 'module',
          dependencies: {
            '@wesgine/builtins': `^${version('builtins')}`,
            '@wesgine/runtime': `^${version('runtime')}`,
            '@wesgine/schema': `^${version('schema')}`,
          },
        },
        null,
        2,
      )}\n`,
    );
    copyFileSync(join(repo, 'test/e2e/fixtures/registry-consumer.mjs'), join(app, 'main.mjs'));
    copyFileSync(join(repo, 'test/e2e/fixtures/registry-require.cjs'), join(app, 'require.cjs'));
    // better-sqlite3 would compile for a minute (its install script); a `read` never opens memory.
    await expectRun(sh('npm install --ignore-scripts', app));
    for (const name of PUBLISHED.filter((name) => name !== 'codegen')) {
      expect(existsSync(join(app, `node_modules/@wesgine/${name}/LICENSE`)), name).toBe(true);
    }

    expect(await sh('node main.mjs project', app)).toMatchObject({
      code: 0,
      out: [
        JSON.stringify({ isError: false, text: '     1\tbudget: 40\n     2\trent: 12' }),
        JSON.stringify({
          isError: true,
          code: 'path_not_allowed',
          text: `Not allowed: ../outside.txt is outside the allowed folders (${project}).`,
        }),
        '',
      ].join('\n'),
      err: '',
    });
    expect(await sh('node require.cjs', app)).toMatchObject({ code: 0, out: 'hello function true\n', err: '' });
    // The registry has no uplink: a package nobody published here is not found, never fetched from afar.
    const elsewhere = await sh('npm view left-pad version', app);
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.err).toContain('E404');
  }, 300_000);
});

/** The shell commands and the TypeScript blocks of the README's "Your first tool pack", in order. */
function readmeWalkthrough(): { commands: string[]; code: string[] } {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Your first tool pack\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const commands: string[] = [];
  const code: string[] = [];
  for (const [, language, body = ''] of section.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (language === 'ts') code.push(body);
    if (language === 'sh') {
      for (const line of body.split('\n')) {
        const command = line.replace(/\s+#\s.*$/, '').trim();
        if (command !== '') commands.push(command);
      }
    }
  }
  return { commands, code };
}

/** What `init` makes a new pack depend on, besides the packages published here. */
async function scaffoldDependencies(folder: string): Promise<string[]> {
  mkdirSync(folder, { recursive: true });
  const init = await runCli(folder, 'init', 'probe');
  if (init.code !== 0) throw new Error(`init of a probe pack failed: ${init.err}`);
  const manifest = JSON.parse(readFileSync(join(folder, 'probe/package.json'), 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return names.filter((name) => !name.startsWith('@wesgine/'));
}

function version(name: string): string {
  return JSON.parse(readFileSync(join(repo, `packages/${name}/package.json`), 'utf8')).version;
}

let shellRuns = 0;

interface ShellRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  /** The folder the command ended in (a `cd` in it counts). */
  readonly cwd: string;
}

/** Runs one command line with bash, as a user types it, against the local registry. */
function sh(command: string, cwd: string): Promise<ShellRun> {
  const cwdFile = join(work, `.cwd-${++shellRuns}`);
  const script = `${command}\nstatus=$?\npwd > ${JSON.stringify(cwdFile)}\nexit $status`;
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', script], { cwd, env: registry.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.once('error', fail);
    child.once('close', (code) => {
      const ended = existsSync(cwdFile) ? readFileSync(cwdFile, 'utf8').trim() : cwd;
      rmSync(cwdFile, { force: true });
      done({ code, out, err, cwd: ended });
    });
  });
}

/** The run, after checking that it exited 0 (else its output is the failure message). */
async function expectRun(running: Promise<ShellRun>): Promise<ShellRun> {
  const result = await running;
  if (result.code !== 0) throw new Error(`exit ${result.code}\n${result.out}\n${result.err}`);
  return result;
}
