// launchServer attacked the way a hostile config, a hostile server or a model that can write the
// workDir would: each test starts a real probe in the sandbox and checks what it could reach.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, type ToolContext, ToolError, Type } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellSpec } from '../engine/cell-spec.js';
import { createEngine } from '../engine/create-engine.js';
import { type LaunchCell, type LaunchedServer, launchServer, type ServerLaunchRequest } from './launch-server.js';

/** Runs each `[op, path]` of its first argument and prints one JSON line of what came of them. */
const PROBE = `import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
const tunnel = (target) => new Promise((resolve) => {
  const proxy = process.env.HTTP_PROXY;
  if (proxy === undefined) return resolve('no proxy');
  const { hostname, port } = new URL(proxy);
  const socket = connect(Number(port), hostname, () => socket.write('CONNECT ' + target + ' HTTP/1.1\\r\\nHost: ' + target + '\\r\\n\\r\\n'));
  let answer = '';
  socket.on('data', (chunk) => { answer += chunk; if (answer.includes('\\r\\n')) { socket.destroy(); resolve(answer.split('\\r\\n')[0]); } });
  socket.on('error', (error) => resolve('error:' + error.code));
});
const direct = (port) => new Promise((resolve) => {
  const socket = connect(Number(port), '127.0.0.1', () => { socket.destroy(); resolve('connected'); });
  socket.on('error', (error) => resolve('error:' + error.code));
});
const run = {
  tunnel,
  direct,
  read: (path) => readFileSync(path, 'utf8'),
  list: (path) => readdirSync(path).sort(),
  write: (path) => { writeFileSync(path, 'probe'); return 'wrote'; },
};
const results = [];
for (const [op, arg] of JSON.parse(process.argv[2] ?? '[]')) {
  try { results.push(await run[op](arg)); } catch (error) { results.push('error:' + (error.code ?? error.message)); }
}
process.stdout.write(JSON.stringify(results) + '\\n');
`;

const engine = createEngine();
const folders: string[] = [];
const savedHome = process.env.HOME;
let root: string;
let home: string;
let work: string;
let outside: string;
let probe: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-launch-attack-')));
  folders.push(root);
  // A home folder of its own, so the tests can put credentials in it: launchServer reads HOME.
  home = join(root, 'home', 'me');
  work = join(root, 'work');
  outside = join(root, 'outside');
  for (const folder of [join(home, '.ssh'), join(home, '.aws'), join(root, 'home', 'other'), work, outside]) {
    mkdirSync(folder, { recursive: true });
  }
  mkdirSync(join(root, 'bin'));
  probe = join(root, 'bin', 'probe.mjs');
  writeFileSync(probe, PROBE);
  writeFileSync(join(home, 'diary.txt'), 'HOME-DIARY');
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'SSH-KEY');
  writeFileSync(join(home, '.aws', 'credentials'), 'AWS-KEY');
  writeFileSync(join(root, 'home', 'other', 'notes.txt'), 'OTHER-USER');
  writeFileSync(join(work, 'inside.txt'), 'inside');
  writeFileSync(join(outside, 'outside.txt'), 'OUTSIDE-SECRET');
  writeFileSync(join(root, 'bin', 'deny.txt'), 'DENIED-IN-PROGRAM-FOLDER');
  process.env.HOME = home;
});
afterAll(() => {
  process.env.HOME = savedHome;
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function cell(spec: Partial<CellSpec> = {}) {
  return engine.createCell({ workDir: work, dataDir: join(root, `data-${folders.length}`), ...spec });
}

async function started(launched: LaunchedServer): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(launched.command, [...launched.args], { env: launched.env, cwd: launched.cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  await launched.close();
  return { stdout, stderr };
}

async function probed(target: LaunchCell, ops: [string, string][], extra: Partial<ServerLaunchRequest> = {}) {
  const launched = await launchServer(target, {
    sourceId: 'mcp:probe',
    argv: [process.execPath, probe, JSON.stringify(ops)],
    ...extra,
  });
  const { stdout, stderr } = await started(launched);
  if (stdout === '') throw new Error(`the probe wrote nothing; its errors: ${stderr}`);
  return JSON.parse(stdout) as unknown[];
}

describe('launchServer against a hostile config', () => {
  it('does not show a folder holding the home folder that the env PATH names', async () => {
    const results = await probed(
      cell(),
      [
        ['read', join(home, 'diary.txt')],
        ['read', join(root, 'home', 'other', 'notes.txt')],
        ['read', join(home, '.ssh', 'id_ed25519')],
      ],
      { env: { PATH: `${join(root, 'home')}:${process.env.PATH}` } },
    );
    expect(results).toEqual(['error:ENOENT', 'error:ENOENT', 'error:ENOENT']);
  }, 30_000);

  it('hides a denyPath that lies in a system folder, as it hides one in a root', async () => {
    const results = await probed(cell({ denyPaths: ['/etc/hostname'] }), [
      ['read', '/etc/hostname'],
      ['read', join(work, 'inside.txt')],
    ]);
    expect(results).toEqual(['error:EACCES', 'inside']);
  }, 30_000);

  it("hides a denyPath that lies in the program's own folder", async () => {
    const results = await probed(cell({ denyPaths: [join(root, 'bin', 'deny.txt')] }), [
      ['read', join(root, 'bin', 'deny.txt')],
    ]);
    expect(results).toEqual(['error:EACCES']);
  }, 30_000);

  it('passes LD_PRELOAD and NODE_OPTIONS only into the sandbox, where a file outside is not there', async () => {
    const hook = join(outside, 'hook.cjs');
    writeFileSync(hook, "process.stdout.write(require('fs').readFileSync(__dirname + '/outside.txt', 'utf8'));");
    const launched = await launchServer(cell(), {
      sourceId: 'mcp:probe',
      argv: [process.execPath, probe, '[]'],
      env: { NODE_OPTIONS: `--require ${hook}`, LD_PRELOAD: join(outside, 'evil.so') },
    });
    // bubblewrap itself starts with the host's PATH only: the names go in through --setenv.
    expect(Object.keys(launched.env)).toEqual(['PATH']);
    const { stdout, stderr } = await started(launched);
    expect(stdout).not.toContain('OUTSIDE-SECRET');
    expect(stderr).toContain(hook);
  }, 30_000);

  it('treats the value of an option as no script: a file node preloads widens nothing', async () => {
    // The probe is in the roots, so it runs; the preloaded file outside must not open its folder.
    const inRoots = join(work, 'probe.mjs');
    copyFileSync(probe, inRoots);
    const preload = join(outside, 'lib.cjs');
    writeFileSync(preload, 'module.exports = 1;\n');
    try {
      const ops = JSON.stringify([['read', join(outside, 'outside.txt')]]);
      for (const option of ['--require', '--import']) {
        const launched = await launchServer(cell(), {
          sourceId: 'mcp:probe',
          argv: [process.execPath, option, preload, inRoots, ops],
        });
        const { stdout, stderr } = await started(launched);
        expect(stdout).toBe('');
        expect(stderr).toContain(preload);
      }
    } finally {
      rmSync(inRoots);
    }
  }, 30_000);

  it('ignores a folder the server is told to use as an argument, even one that exists', async () => {
    const results = await probed(cell(), [['list', outside]], {
      argv: [process.execPath, probe, JSON.stringify([['list', outside]]), outside],
    });
    expect(results).toEqual(['error:ENOENT']);
  }, 30_000);
});

describe('launchServer against what a model can write in the workDir', () => {
  it('does not follow a link in the roots to a script outside them to show its folder', async () => {
    // The config says `node server.mjs`; a tool of the cell replaced server.mjs with a link out.
    const planted = join(outside, 'server.mjs');
    copyFileSync(probe, planted);
    const link = join(work, 'server.mjs');
    symlinkSync(planted, link);
    try {
      const error = await launchServer(cell(), {
        sourceId: 'mcp:probe',
        argv: [process.execPath, 'server.mjs', JSON.stringify([['read', join(outside, 'outside.txt')]])],
      }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ToolError);
      expect((error as ToolError).code).toBe('unavailable');
      expect((error as ToolError).message).toBe(
        `mcp:probe cannot start in the OS sandbox: its script ${link} is a link in the cell's roots to ${planted}, outside them; the cell's tools may change such a link, so it shows nothing more; name ${planted} itself.`,
      );
    } finally {
      rmSync(link);
    }
  }, 30_000);

  it('does not follow a link in the roots to a program outside them', async () => {
    const tool = join(outside, 'tool');
    writeFileSync(tool, `#!${process.execPath}\n${PROBE}`);
    chmodSync(tool, 0o755);
    const link = join(work, 'tool');
    symlinkSync(tool, link);
    try {
      const error = await launchServer(cell(), { sourceId: 'mcp:probe', argv: ['./tool', '[]'] }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ToolError);
      expect((error as ToolError).message).toBe(
        `mcp:probe cannot start in the OS sandbox: its program ${link} is a link in the cell's roots to ${tool}, outside them; the cell's tools may change such a link, so it shows nothing more; name ${tool} itself.`,
      );
    } finally {
      rmSync(link);
    }
  }, 30_000);

  it('reads nothing through links in the roots that point out of them', async () => {
    symlinkSync(join(outside, 'outside.txt'), join(work, 'file-link'));
    symlinkSync(home, join(work, 'home-link'));
    symlinkSync('/etc/shadow', join(work, 'shadow-link'));
    try {
      const results = await probed(cell(), [
        ['read', join(work, 'file-link')],
        ['read', join(work, 'home-link', 'diary.txt')],
        ['read', join(work, 'shadow-link')],
        ['write', join(work, 'file-link')],
      ]);
      expect(results).toEqual(['error:ENOENT', 'error:ENOENT', 'error:EACCES', 'error:ENOENT']);
      expect(readFileSync(join(outside, 'outside.txt'), 'utf8')).toBe('OUTSIDE-SECRET');
    } finally {
      for (const name of ['file-link', 'home-link', 'shadow-link']) rmSync(join(work, name));
    }
  }, 30_000);

  it('refuses a cwd that leads out of the roots by a relative path or a link', async () => {
    symlinkSync(outside, join(work, 'out-link'));
    try {
      for (const cwd of ['../outside', 'out-link']) {
        const error = await launchServer(cell(), { sourceId: 'mcp:probe', argv: [process.execPath, probe], cwd }).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(ToolError);
        expect((error as ToolError).message).toContain(
          `the folder to run it in, ${outside}, is not inside the cell's roots`,
        );
      }
    } finally {
      rmSync(join(work, 'out-link'));
    }
  }, 30_000);
});

describe("exec's sandbox and the denied paths outside the roots", () => {
  it('hides a denyPath in a system folder from a program a tool starts, as launchServer does', async () => {
    const target = cell({ denyPaths: ['/etc/hostname'] });
    const definition = defineTool({
      name: 'cat_hostname',
      description: 'Prints the host name file.',
      parameters: Type.Object({}),
      meta: { readOnly: true },
    });
    target.tools().register({
      ...definition,
      handler: async (_args: unknown, context: ToolContext) => {
        let output = '';
        const started = await context.sandbox.spawn({
          argv: ['cat', '/etc/hostname'],
          cwd: work,
          env: { PATH: '/usr/bin:/bin' },
          onOutput: (chunk) => {
            output += Buffer.from(chunk).toString();
          },
        });
        await started.exited;
        await started.stop(100);
        return output;
      },
    });
    const result = await target.run().call('cat_hostname', {});
    expect(result.text).toContain('Permission denied');
    expect(result.text).not.toContain(readFileSync('/etc/hostname', 'utf8').trim());
    await target.stop();
  }, 30_000);
});

describe('launchServer and the network, by source name', () => {
  let site: Server;
  let port: number;
  beforeAll(async () => {
    site = createServer((_request, response) => response.end('site-body'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as { port: number }).port;
  });
  afterAll(() => {
    site.close();
  });

  const zoneWith = (rules: { id: string; effect: 'allow' | 'deny'; tools: string[]; domains: string[] }[]) => ({
    version: 1 as const,
    zone: 'test/attack-net',
    rules,
  });

  it('has none when only another source, or one tool of this source, is allowed a host', async () => {
    for (const tools of [['mcp:other'], ['mcp:probe/fetch'], ['mcp:probe2'], ['plugin:*']]) {
      const target = cell({
        zone: zoneWith([{ id: 'net', effect: 'allow', tools, domains: ['127.0.0.1'] }]),
        network: { allowHosts: ['127.0.0.1'] },
      });
      const results = await probed(target, [
        ['tunnel', `127.0.0.1:${port}`],
        ['direct', String(port)],
      ]);
      expect({ tools, results }).toEqual({ tools, results: ['no proxy', 'error:ECONNREFUSED'] });
    }
  }, 60_000);

  it('refuses a private address through the proxy unless the cell lets that host skip the rule', async () => {
    const target = cell({
      zone: zoneWith([{ id: 'net', effect: 'allow', tools: ['mcp:probe'], domains: ['127.0.0.1', '169.254.169.254'] }]),
    });
    const results = await probed(target, [
      ['tunnel', `127.0.0.1:${port}`],
      ['tunnel', '169.254.169.254:80'],
      ['direct', String(port)],
    ]);
    expect(results[0]).toMatch(/^HTTP\/1\.1 403/);
    expect(results[1]).toMatch(/^HTTP\/1\.1 403/);
    expect(results[2]).toBe('error:ECONNREFUSED');
  }, 30_000);
});

describe('launchServer and the paths Hardline protects inside the roots', () => {
  it('hides the credential folders of a home folder that is itself the workDir', async () => {
    const results = await probed(cell({ workDir: home }), [
      ['read', join(home, 'diary.txt')],
      ['read', join(home, '.ssh', 'id_ed25519')],
      ['read', join(home, '.aws', 'credentials')],
      ['write', join(home, '.ssh', 'authorized_keys')],
      ['list', join(home, '.ssh')],
    ]);
    expect(results).toEqual(['HOME-DIARY', 'error:ENOENT', 'error:ENOENT', 'error:EROFS', []]);
    expect(readFileSync(join(home, '.ssh', 'id_ed25519'), 'utf8')).toBe('SSH-KEY');
  }, 30_000);

  it("keeps agents' config and a nested repository's hooks and config out of the server's reach", async () => {
    const repo = join(work, 'nested');
    mkdirSync(join(repo, '.git'), { recursive: true });
    writeFileSync(join(repo, '.git', 'config'), '[core]\n');
    mkdirSync(join(work, '.claude'), { recursive: true });
    writeFileSync(join(work, '.claude', 'settings.json'), '{}');
    try {
      const results = await probed(cell(), [
        ['write', join(repo, '.git', 'config')],
        ['write', join(work, '.claude', 'settings.json')],
        ['write', join(work, '.claude', 'new.json')],
        ['read', join(work, '.claude', 'settings.json')],
      ]);
      expect(results).toEqual(['error:EROFS', 'error:EROFS', 'error:EROFS', '{}']);
      expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).toBe('[core]\n');
    } finally {
      rmSync(repo, { recursive: true, force: true });
      rmSync(join(work, '.claude'), { recursive: true, force: true });
    }
  }, 30_000);

  it('shows a second allowed root, with its denied paths hidden', async () => {
    const second = join(root, 'second');
    mkdirSync(join(second, 'private'), { recursive: true });
    writeFileSync(join(second, 'open.txt'), 'open');
    writeFileSync(join(second, 'private', 'key.txt'), 'SECOND-SECRET');
    try {
      const results = await probed(cell({ allowPaths: [work, second], denyPaths: [join(second, 'private')] }), [
        ['read', join(second, 'open.txt')],
        ['read', join(second, 'private', 'key.txt')],
        ['write', join(second, 'made.txt')],
        ['read', join(outside, 'outside.txt')],
      ]);
      expect(results).toEqual(['open', 'error:ENOENT', 'wrote', 'error:ENOENT']);
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('launchServer and Zone path rules by source name', () => {
  it('hides what a rule over every MCP server denies, by a glob', async () => {
    mkdirSync(join(work, 'vault'), { recursive: true });
    writeFileSync(join(work, 'vault', 'key.txt'), 'VAULT');
    try {
      const zone = {
        version: 1 as const,
        zone: 'test/glob-paths',
        rules: [{ id: 'vault', effect: 'deny' as const, tools: ['mcp:*'], paths: ['/vault'] }],
      };
      const results = await probed(cell({ zone }), [
        ['read', join(work, 'vault', 'key.txt')],
        ['read', join(work, 'inside.txt')],
      ]);
      expect(results).toEqual(['error:ENOENT', 'inside']);
      // A plugin is another source: the rule does not cover it.
      const plugin = await probed(cell({ zone }), [['read', join(work, 'vault', 'key.txt')]], {
        sourceId: 'plugin:probe',
      });
      expect(plugin).toEqual(['VAULT']);
    } finally {
      rmSync(join(work, 'vault'), { recursive: true, force: true });
    }
  }, 30_000);
});
