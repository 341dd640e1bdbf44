// `npm start` as a new user runs it (issue 12): the real entry (`node scripts/start.mjs`, which builds
// first) on a fresh data folder, the printed address, the page and the API behind it; a second start on
// the same folder keeps the token, the workspace and the SQLite state. Then the entry's one-line errors.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START = join(ROOT, 'scripts', 'start.mjs');
/** The built entry `start.mjs` runs once the build is done: the error cases run it directly. */
const ENTRY = join(ROOT, 'apps', 'playground', 'dist', 'server', 'start.js');
const PRINTED = /^wesgine tools playground: (http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]+)$/m;

const folders: string[] = [];
const running: Started[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => stop(started)));
});

afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

interface Started {
  readonly child: ChildProcess;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

/** Runs a program the way a person does from the repository root, collecting what it prints. */
function launch(args: readonly string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = { child, output, exited };
  running.push(started);
  return started;
}

/** Waits for the printed address and data folder; fails with what the program said if it ends first. */
async function printed(started: Started, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void started.exited.then(() => {
    ended = true;
  });
  for (;;) {
    const match = PRINTED.exec(started.output.stdout);
    const data = /^data: (.+)$/m.exec(started.output.stdout);
    if (match !== null && data !== null) {
      return { url: match[1] as string, token: match[2] as string, dataDir: data[1] as string };
    }
    if (ended || Date.now() > deadline) {
      throw new Error(
        `the playground did not print its address; stdout:\n${started.output.stdout}\nstderr:\n${started.output.stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, as a service manager stops it; answers the exit code. */
async function stop(started: Started): Promise<number | null> {
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
  return started.exited;
}

function freshDataDir(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-playground-start-')));
  folders.push(folder);
  return join(folder, 'data');
}

describe('npm start on a fresh clone', () => {
  it('builds, prints the address with the token, serves the page and the API; a restart loses nothing', async () => {
    const dataDir = freshDataDir();
    const env = { PORT: '0', WESGINE_PLAYGROUND_DATA: dataDir };
    const first = launch([START], env);
    const { url, token, dataDir: shown } = await printed(first);
    expect(shown).toBe(dataDir);
    expect(first.output.stdout).toBe(`wesgine tools playground: ${url}/#token=${token}\ndata: ${dataDir}\n`);
    const owner = { authorization: `Bearer ${token}` };

    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>wesgine tools playground</title>');
    expect(html).not.toContain(token);

    expect((await fetch(`${url}/tools`)).status).toBe(401);
    const tools = await fetch(`${url}/tools`, { headers: owner });
    expect(tools.status).toBe(200);
    const names = ((await tools.json()) as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['read', 'exec', 'memory', 'notes.read', 'slow_count', 'word_count', 'looping_agent']),
    );

    // The sample workspace, made on this first start.
    const workspace = join(dataDir, 'workspace');
    for (const file of ['README.md', 'notes/todo.md', 'src/greet.ts', '.env']) {
      expect(existsSync(join(workspace, file))).toBe(true);
    }
    // A person edits a sample and adds a file; the agent saves a memory (an action: approved first).
    appendFileSync(join(workspace, 'notes', 'todo.md'), '- [ ] Mine: restart and check this line\n');
    writeFileSync(join(workspace, 'mine.txt'), 'my own file\n');
    const memory = await post(url, owner, '/tools/memory/call', {
      sessionId: 'start-test',
      args: { command: 'create', path: '/memories/restart.md', file_text: 'kept across restarts' },
    });
    expect(memory.status).toBe(202);
    const waiting = (await memory.json()) as { callId: string; approval: { id: string } };
    const approved = await post(url, owner, `/approvals/${waiting.approval.id}`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    const created = await fetch(`${url}/calls/${waiting.callId}?wait=30`, { headers: owner });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ isError: false });

    // Stopped while a call waits for a person and an event stream is open: it still ends cleanly, and
    // takes its plugin with it (the demo plugin runs in the workspace).
    expect(processesIn(workspace).length).toBeGreaterThan(0);
    const looping = await post(url, owner, '/tools/looping_agent/call', { sessionId: 'loop', args: { task: 'Loop' } });
    expect(looping.status).toBe(202);
    const events = await fetch(`${url}/events`, { headers: owner });
    expect(events.status).toBe(200);
    expect(await stop(first)).toBe(0);
    expect(processesIn(workspace)).toEqual([]);
    await events.body?.cancel().catch(() => {});
    expect(first.output.stdout).toContain('wesgine tools playground: stopping (SIGTERM)');
    expect(first.output.stderr).not.toMatch(/\n\s+at /);

    const second = launch([START], env);
    const again = await printed(second);
    expect(again.token).toBe(token);
    expect(second.output.stdout).toBe(`wesgine tools playground: ${again.url}/#token=${token}\ndata: ${dataDir}\n`);
    expect(readFileSync(join(workspace, 'notes', 'todo.md'), 'utf8')).toContain(
      '- [ ] Mine: restart and check this line\n',
    );
    expect(readFileSync(join(workspace, 'mine.txt'), 'utf8')).toBe('my own file\n');
    const viewed = await post(again.url, owner, '/tools/memory/call', {
      sessionId: 'start-test',
      args: { command: 'view', path: '/memories/restart.md' },
    });
    expect(viewed.status).toBe(200);
    const view = (await viewed.json()) as { isError: boolean; text: string };
    expect(view.isError).toBe(false);
    expect(view.text).toContain('kept across restarts');
    expect(await stop(second)).toBe(0);
  }, 600_000);
});

describe("the entry's errors: one line, exit code 1, no stack", () => {
  let blocker: Server | undefined;

  afterAll(async () => {
    await new Promise((resolve) => (blocker === undefined ? resolve(undefined) : blocker.close(resolve)));
  });

  const failing = async (env: Record<string, string>) => {
    expect(existsSync(ENTRY), 'the first test builds the entry').toBe(true);
    const started = launch([ENTRY], { WESGINE_PLAYGROUND_DATA: freshDataDir(), ...env });
    expect(await started.exited).toBe(1);
    expect(started.output.stdout).toBe('');
    return started.output.stderr;
  };

  it('refuses a PORT that is no port number', async () => {
    expect(await failing({ PORT: 'eighty' })).toBe(
      'wesgine tools playground: PORT must be a port number from 0 to 65535 (0 takes any free one), not "eighty"\n',
    );
    expect(await failing({ PORT: '70000' })).toBe(
      'wesgine tools playground: PORT must be a port number from 0 to 65535 (0 takes any free one), not "70000"\n',
    );
  });

  it('says so when the port is in use', async () => {
    const server = createServer();
    blocker = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(await failing({ PORT: String(port) })).toBe(
      `wesgine tools playground: port ${port} on 127.0.0.1 is in use by another program; stop it, or choose another port with PORT\n`,
    );
  });
});

/** The processes whose working folder is `folder`: the cell's plugin and sandboxed programs. */
function processesIn(folder: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === folder) found.push(Number(entry));
    } catch {}
  }
  return found;
}

function post(url: string, owner: Record<string, string>, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
