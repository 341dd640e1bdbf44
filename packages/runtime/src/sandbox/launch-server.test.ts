// launchServer against real children: a probe script started from the command line it returns, as the
// MCP client and the plugin host start theirs, that reports what it sees, reads, writes and reaches.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ToolError } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellSpec } from '../engine/cell-spec.js';
import { createEngine } from '../engine/create-engine.js';
import { type LaunchCell, type LaunchedServer, launchServer, type ServerLaunchRequest } from './launch-server.js';
import { pidsParent } from './pids-cgroup.js';

const PROBE = `#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
const run = {
  env: async () => ({ env: process.env, cwd: process.cwd(), home: readdirSync(process.env.HOME) }),
  read: async (path) => readFileSync(path, 'utf8'),
  list: async (path) => readdirSync(path).sort(),
  write: async (path) => { writeFileSync(path, 'probe'); return 'wrote'; },
  mkdir: async (path) => { mkdirSync(path); return 'made'; },
  connect: (port) => new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => { socket.destroy(); resolve('connected'); });
    socket.on('error', reject);
  }),
  proxy: (url) => new Promise((resolve, reject) => {
    const proxy = process.env.HTTP_PROXY;
    if (proxy === undefined) return resolve('no proxy');
    const { hostname, port } = new URL(proxy);
    const asked = request({ host: hostname, port, path: url, headers: { host: new URL(url).host } }, (answer) => {
      let body = '';
      answer.on('data', (chunk) => { body += chunk; });
      answer.on('end', () => resolve(answer.statusCode + ' ' + body));
    });
    asked.on('error', reject);
    asked.end();
  }),
  daemon: async () => {
    spawn('setsid', ['sleep', '4321.5'], { detached: true, stdio: 'ignore' }).unref();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return 'started';
  },
};
const results = [];
for (const [op, arg] of JSON.parse(process.argv[2] ?? '[]')) {
  try { results.push(await run[op](arg)); } catch (error) { results.push('error:' + (error.code ?? error.message)); }
}
process.stdout.write(JSON.stringify(results) + '\\n');
if (process.argv[3] === 'stay') setInterval(() => {}, 1000);
`;

const engine = createEngine();
const folders: string[] = [];
let root: string;
let work: string;
let outside: string;
let probe: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-launch-')));
  folders.push(root);
  work = join(root, 'work');
  outside = join(root, 'outside');
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(work, 'secret'), { recursive: true });
  mkdirSync(join(work, 'private'));
  mkdirSync(join(work, '.git'));
  mkdirSync(outside);
  probe = join(root, 'bin', 'probe.mjs');
  writeFileSync(probe, PROBE);
  chmodSync(probe, 0o755);
  writeFileSync(join(work, 'inside.txt'), 'inside');
  writeFileSync(join(work, 'secret', 'key.txt'), 'DENIED-SECRET');
  writeFileSync(join(work, 'private', 'notes.txt'), 'ZONE-SECRET');
  writeFileSync(join(work, '.git', 'config'), '[core]\n');
  writeFileSync(join(outside, 'outside.txt'), 'OUTSIDE-SECRET');
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function cell(spec: Partial<CellSpec> = {}) {
  return engine.createCell({ workDir: work, dataDir: join(root, `data-${folders.length}`), ...spec });
}

/** Starts the launched command line as a caller would, feeds it `input`, and waits for its exit. */
async function started(launched: LaunchedServer): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const child = spawn(launched.command, [...launched.args], {
    env: launched.env,
    cwd: launched.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await launched.close();
  return { stdout, stderr, code };
}

/** Runs the probe's operations in the server sandbox of `target` and returns their results. */
async function probed(target: LaunchCell, ops: [string, string?][], extra: Partial<ServerLaunchRequest> = {}) {
  const launched = await launchServer(target, {
    sourceId: 'mcp:probe',
    argv: [process.execPath, probe, JSON.stringify(ops)],
    ...extra,
  });
  const { stdout, stderr } = await started(launched);
  if (stdout === '') throw new Error(`the probe wrote nothing; its errors: ${stderr}`);
  return { launched, results: JSON.parse(stdout) as unknown[] };
}

async function refusal(target: LaunchCell, request: ServerLaunchRequest): Promise<ToolError> {
  const error = await launchServer(target, request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

describe('launchServer with the sandbox off', () => {
  it('starts the program as it is when the source asks for no sandbox', async () => {
    const launched = await launchServer(cell(), {
      sourceId: 'mcp:plain',
      argv: ['node', 'server.js'],
      env: { TOKEN: 'x' },
      sandbox: false,
    });
    expect(launched).toMatchObject({ command: 'node', args: ['server.js'], cwd: work, sandboxed: false });
    expect(launched.env).toMatchObject({ HOME: homedir(), TOKEN: 'x' });
    expect(Object.keys(launched.env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'TOKEN']);
  });

  it('starts it as it is in a cell whose sandbox is off, in the folder asked for', async () => {
    const launched = await launchServer(cell({ sandbox: 'off' }), {
      sourceId: 'plugin:p',
      argv: ['python3', 'p.py'],
      cwd: 'secret',
    });
    expect(launched).toMatchObject({ command: 'python3', args: ['p.py'], cwd: join(work, 'secret'), sandboxed: false });
  });
});

describe('launchServer in the sandbox', () => {
  it('gives the server only its own environment, an empty home and the workDir to start in', async () => {
    process.env.WESGINE_HOST_SECRET = 'host-only';
    try {
      const { launched, results } = await probed(cell(), [['env']], { env: { TOKEN: 'given' } });
      expect(launched.sandboxed).toBe(true);
      const [seen] = results as [{ env: Record<string, string>; cwd: string; home: string[] }];
      expect(Object.keys(seen.env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'PWD', 'TMPDIR', 'TOKEN']);
      expect(seen.env).toMatchObject({ TOKEN: 'given', HOME: homedir(), TMPDIR: '/tmp', PWD: work });
      expect(seen.cwd).toBe(work);
      expect(seen.home).toEqual([]);
    } finally {
      delete process.env.WESGINE_HOST_SECRET;
    }
  }, 30_000);

  it('reads and writes inside the roots and nothing outside them, denied or protected', async () => {
    const { results } = await probed(cell({ denyPaths: ['secret'] }), [
      ['read', join(work, 'inside.txt')],
      ['write', join(work, 'made.txt')],
      ['read', join(outside, 'outside.txt')],
      ['list', root],
      ['write', join(outside, 'made.txt')],
      ['read', join(work, 'secret', 'key.txt')],
      ['write', join(work, 'secret', 'made.txt')],
      ['write', join(work, '.git', 'config')],
      ['read', '/etc/shadow'],
      ['write', join(root, 'bin', 'probe.mjs')],
    ]);
    expect(results).toEqual([
      'inside',
      'wrote',
      'error:ENOENT',
      ['bin', 'work'],
      'error:ENOENT',
      'error:ENOENT',
      'error:EROFS',
      'error:EROFS',
      'error:EACCES',
      'error:EROFS',
    ]);
    expect(readFileSync(join(work, 'made.txt'), 'utf8')).toBe('probe');
    expect(existsSync(join(outside, 'made.txt'))).toBe(false);
    expect(existsSync(join(work, 'secret', 'made.txt'))).toBe(false);
    expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(readFileSync(probe, 'utf8')).toBe(PROBE);
  }, 30_000);

  it('removes the protected paths the server made once it is closed, as exec does', async () => {
    const { results } = await probed(cell(), [
      ['mkdir', join(work, '.git', 'hooks')],
      ['write', join(work, '.git', 'hooks', 'pre-commit')],
    ]);
    expect(results).toEqual(['made', 'wrote']);
    expect(existsSync(join(work, '.git', 'hooks'))).toBe(false);
    expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe('[core]\n');
  }, 30_000);

  it('starts a Python script with python3 from the PATH, a version manager shim too', async () => {
    const script = join(root, 'bin', 'plugin.py');
    writeFileSync(script, 'import sys\nprint(open("inside.txt").read(), sys.argv[1])\n');
    const launched = await launchServer(cell(), { sourceId: 'plugin:py', argv: ['python3', script, 'argument'] });
    const { stdout, stderr } = await started(launched);
    expect({ stdout, stderr }).toEqual({ stdout: 'inside argument\n', stderr: '' });
  }, 30_000);

  it('runs in the folder of its script, outside the roots, which it may read but not write', async () => {
    const ops = [
      ['list', '.'],
      ['write', 'made.txt'],
      ['read', join(work, 'inside.txt')],
    ];
    const { results } = await probed(cell(), [], {
      argv: [process.execPath, 'probe.mjs', JSON.stringify(ops)],
      cwd: join(root, 'bin'),
    });
    expect(results).toEqual([readdirSync(join(root, 'bin')).sort(), 'error:EROFS', 'inside']);
  }, 30_000);

  it('takes the minimal view of a cell (its workDir): sandboxed, as the default is', async () => {
    const { launched, results } = await probed({ spec: { workDir: work } }, [['read', 'inside.txt']]);
    expect(launched.sandboxed).toBe(true);
    expect(results).toEqual(['inside']);
  }, 30_000);

  it('hides what a Zone rule denies the source, by its source id', async () => {
    const zone = {
      version: 1 as const,
      zone: 'test/launch',
      rules: [{ id: 'private', effect: 'deny' as const, tools: ['mcp:probe'], paths: ['/private'] }],
    };
    const { results } = await probed(cell({ zone }), [
      ['read', join(work, 'private', 'notes.txt')],
      ['read', join(work, 'inside.txt')],
    ]);
    expect(results).toEqual(['error:ENOENT', 'inside']);
  }, 30_000);

  it('starts a script by its interpreter line, and a relative program from the workDir', async () => {
    const { results } = await probed(cell(), [['read', 'inside.txt']], {
      argv: [probe, JSON.stringify([['read', 'inside.txt']])],
    });
    expect(results).toEqual(['inside']);
  }, 30_000);
});

describe('launchServer and the network', () => {
  let site: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    site = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.end('site-body');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as { port: number }).port;
  });
  afterAll(() => {
    site.close();
  });

  it('has none when no Zone rule allows the source a host', async () => {
    const { results } = await probed(cell({ network: { allowHosts: ['127.0.0.1'] } }), [
      ['connect', String(port)],
      ['proxy', `http://127.0.0.1:${port}/none`],
    ]);
    expect(results).toEqual(['error:ECONNREFUSED', 'no proxy']);
    expect(seen).toEqual([]);
  }, 30_000);

  it('reaches only the hosts a Zone domains rule allows the source, through the guard proxy', async () => {
    const zone = {
      version: 1 as const,
      zone: 'test/net',
      rules: [{ id: 'site', effect: 'allow' as const, tools: ['mcp:*'], domains: ['127.0.0.1'] }],
    };
    const target = cell({ zone, network: { allowHosts: ['127.0.0.1', '127.0.0.2'] } });
    const { results } = await probed(target, [
      ['proxy', `http://127.0.0.1:${port}/allowed`],
      ['proxy', `http://127.0.0.2:${port}/refused`],
      ['connect', String(port)],
    ]);
    expect(results[0]).toBe('200 site-body');
    expect(results[1]).toMatch(/^403 Refused: zone 'test\/net' asks before reaching 127\.0\.0\.2: /);
    expect(results[2]).toBe('error:ECONNREFUSED');
    expect(seen).toEqual(['/allowed']);
  }, 30_000);
});

describe('launchServer and the server process tree', () => {
  it('ends every process of the server, daemons included, when its first process is killed', async () => {
    const launched = await launchServer(cell(), {
      sourceId: 'plugin:daemon',
      argv: [process.execPath, probe, JSON.stringify([['daemon']]), 'stay'],
    });
    const child = spawn(launched.command, [...launched.args], { env: launched.env, cwd: launched.cwd });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    for (let tries = 0; !stdout.includes('started') && tries < 300; tries++) await delay(50);
    expect(stdout).toContain('started');
    expect(sleepers()).toHaveLength(1);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    for (let tries = 0; sleepers().length > 0 && tries < 100; tries++) await delay(50);
    expect(sleepers()).toEqual([]);
    await launched.close();
  }, 30_000);
});

describe('launchServer when the host process dies', () => {
  it('ends the server with it: nothing of the sandbox outlives the process that spawned it', async () => {
    const launched = await launchServer(cell(), {
      sourceId: 'plugin:orphan',
      argv: [process.execPath, probe, JSON.stringify([['daemon']]), 'stay'],
    });
    // A stand-in for the runtime: a process that spawns the command line and relays its output.
    const host = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         const [command, args, env, cwd] = JSON.parse(process.argv[1]);
         spawn(command, args, { env, cwd, stdio: ['pipe', 'inherit', 'inherit'] });`,
        JSON.stringify([launched.command, launched.args, launched.env, launched.cwd]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    host.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    for (let tries = 0; !stdout.includes('started') && tries < 300; tries++) await delay(50);
    expect(sleepers()).toHaveLength(1);
    host.kill('SIGKILL');
    await new Promise((resolve) => host.once('exit', resolve));
    for (let tries = 0; sleepers().length > 0 && tries < 100; tries++) await delay(50);
    expect(sleepers()).toEqual([]);
    await launched.close();
  }, 30_000);
});

describe.runIf(pidsParent() !== null)('launchServer with a pids cgroup', () => {
  it('ends a server that is still running when it is closed', async () => {
    const launched = await launchServer(cell(), {
      sourceId: 'plugin:stay',
      argv: [process.execPath, probe, JSON.stringify([['daemon']]), 'stay'],
    });
    const child = spawn(launched.command, [...launched.args], { env: launched.env, cwd: launched.cwd });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    for (let tries = 0; !stdout.includes('started') && tries < 300; tries++) await delay(50);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await launched.close();
    expect(await exited).toBe('SIGKILL');
    for (let tries = 0; sleepers().length > 0 && tries < 100; tries++) await delay(50);
    expect(sleepers()).toEqual([]);
  }, 30_000);
});

describe('launchServer refusals', () => {
  it('refuses a request that is not well formed, naming each problem', async () => {
    const error = await refusal(cell(), {
      sourceId: 'mcp:bad',
      argv: ['node', 'a\0b'],
      env: { 'A=B': 'x', GOOD: 1 as unknown as string },
      cwd: '',
    });
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toBe(
      'mcp:bad cannot start: every word of argv must be a string without NUL characters; env holds the name "A=B"; env.GOOD must be a string without NUL characters; cwd must be a non-empty path.',
    );
    const empty = await refusal(cell(), { sourceId: '', argv: [] as unknown as [string] });
    expect(empty.message).toBe(
      'The server cannot start: sourceId must be a non-empty string; argv must be a list of strings whose first is the program.',
    );
  });

  it('refuses a program that is not on the PATH, and a folder that does not exist or is not shown', async () => {
    const missing = await refusal(cell(), { sourceId: 'mcp:x', argv: ['no-such-server-9'], env: { PATH: '/usr/bin' } });
    expect(missing.code).toBe('unavailable');
    expect(missing.message).toBe(
      'mcp:x cannot start in the OS sandbox: no-such-server-9 was not found on the PATH (/usr/bin).',
    );
    const gone = await refusal(cell(), { sourceId: 'mcp:x', argv: ['node'], cwd: 'gone' });
    expect(gone.message).toBe(
      `mcp:x cannot start in the OS sandbox: the folder to run it in, ${work}/gone, does not exist.`,
    );
    const hidden = await refusal(cell(), { sourceId: 'mcp:x', argv: ['node'], cwd: outside });
    expect(hidden.message).toBe(
      `mcp:x cannot start in the OS sandbox: the folder to run it in, ${outside}, is not inside the cell's roots or the program's folders, so the sandbox does not show it; set cwd inside the roots, or list the folder in sandbox.readPaths.`,
    );
  });

  it('refuses a script that lies in the home folder itself, which is never shown', async () => {
    const home = join(root, 'home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'plugin.py'), 'print(1)\n');
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const error = await refusal(cell(), { sourceId: 'plugin:py', argv: ['python3', join(home, 'plugin.py')] });
      expect(error.code).toBe('unavailable');
      expect(error.message).toBe(
        `plugin:py cannot start in the OS sandbox: its script ${home}/plugin.py lies in ${home}, which holds the home folder and is never shown; move it into a folder of its own.`,
      );
    } finally {
      process.env.HOME = saved;
    }
  });

  it('refuses, never falling back, when bubblewrap is not there', async () => {
    const saved = process.env.PATH;
    process.env.PATH = join(root, 'bin');
    try {
      const error = await refusal(cell(), { sourceId: 'plugin:p', argv: ['node'] });
      expect(error.code).toBe('unavailable');
      expect(error.message).toBe(
        "plugin:p runs its server only inside the OS sandbox, and it cannot start here: bubblewrap (bwrap) is not on the PATH. Install the Debian package 'bubblewrap' (apt-get install bubblewrap), or set sandbox: false on it to run it with the host's rights.",
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});

/** Live `sleep 4321.5` processes the probe's daemon started. */
function sleepers(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1') !== 'sleep\x004321.5\x00') continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      if (!'ZX'.includes(stat.charAt(stat.lastIndexOf(')') + 2))) found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}
