// Issue 9, classes 1, 2, 3 and 10, over HTTP: the OS sandbox holds for a client of the HTTP API as it does
// for run.call. A real server on loopback (`serve`, the built-in tools, the token it makes), calls sent
// as POST /tools/<name>/call, and every question the pipeline parks answered over POST /approvals/<id>
// (approved, so that only the sandbox stands between the command and the host, or denied). Each case
// proves the effect: the secret absent from every HTTP answer and from the /events stream, nothing created
// or changed outside the work folder, no process of the call left, no packet or request sent.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { builtins, closeBrowsers } from '@wesgine/builtins';
import { type ApprovalRequest, type Cell, type CellSpec, createEngine, DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { type HttpServer, type ServeOptions, serve } from '@wesgine/runtime/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, livingWith, pidsCgroupsWritable } from './effects.fixture.js';
import { type Answer, type Client, httpClient } from './http-client.fixture.js';

const engine = createEngine({ tools: builtins });
const OUTSIDE_SECRET = 'OUTSIDE-HTTP-3b7e';
const FOLDER_SECRET = 'FOLDER-HTTP-a41c';
const KEY_SECRET = 'PRIVATE-KEY-HTTP-d02f';
const ENV_SECRET = 'DOTENV-HTTP-6e95';
const HOST_SECRET = 'HOST-API-KEY-HTTP-8c13';
const SECRETS = [OUTSIDE_SECRET, FOLDER_SECRET, KEY_SECRET, ENV_SECRET, HOST_SECRET];

/**
 * A cell served on loopback with its own token, in a folder of its own:
 * `<root>/work` (the work folder: `inside.txt`, `.env`), `<root>/outside.txt`, `<root>/outside/` (a folder
 * of secrets), `<root>/home/.ssh/id_rsa`, and `<root>/data` (the token). `/events` is read from the start.
 */
interface World extends Client {
  readonly root: string;
  readonly work: string;
  readonly home: string;
  readonly cell: Cell;
  readonly server: HttpServer;
  /** Whether everything outside the work folder (and the data folder) is as it was made. */
  untouched(): boolean;
}

const worlds: World[] = [];
const roots: string[] = [];
afterAll(async () => {
  for (const world of worlds) await world.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function world(spec: Partial<CellSpec> = {}, options: ServeOptions = {}): Promise<World> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sandbox-http-')));
  roots.push(root);
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  const home = join(root, 'home');
  mkdirSync(work);
  mkdirSync(outside);
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(root, 'outside.txt'), `${OUTSIDE_SECRET}\n`);
  writeFileSync(join(outside, 'notes.txt'), `${FOLDER_SECRET}\n`);
  writeFileSync(join(home, '.ssh', 'id_rsa'), `${KEY_SECRET}\n`);
  writeFileSync(join(work, '.env'), `API_TOKEN=${ENV_SECRET}\n`);
  writeFileSync(join(work, 'inside.txt'), 'inside\n');
  const cell = engine.createCell({ workDir: work, dataDir: join(root, 'data'), ...spec });
  const server = await serve(cell, options);
  const state = () =>
    `${readdirSync(root).sort().join(',')}|${readFileSync(join(root, 'outside.txt'), 'utf8')}|${fingerprint(outside)}|${fingerprint(home)}`;
  const before = state();

  const api = await httpClient(server.url, server.token ?? '');

  let closing: Promise<void> | undefined;
  const made: World = {
    root,
    work,
    home,
    cell,
    server,
    ...api,
    untouched: () => state() === before,
    close: () => {
      closing ??= (async () => {
        await api.close();
        await server.close();
        await cell.stop();
      })();
      return closing;
    },
  };
  worlds.push(made);
  return made;
}

/** The secrets found in `text` (none, in every case below). */
const leaked = (text: string) => SECRETS.filter((secret) => text.includes(secret));

/** Waits up to 2 s for the processes named with `marker` to be gone, and returns those still living. */
async function leftWith(marker: string): Promise<number[]> {
  for (let tries = 0; tries < 100 && livingWith(marker).length > 0; tries++) await delay(20);
  return livingWith(marker);
}

/** What a child process runs: a cell on the work folder given, served, its address and token printed. */
const CHILD_SERVER = `
import { builtins } from '@wesgine/builtins';
import { createEngine } from '@wesgine/runtime';
import { serve } from '@wesgine/runtime/http';
const spec = JSON.parse(process.argv.at(-1));
const cell = createEngine({ tools: builtins }).createCell(spec);
const server = await serve(cell);
console.log(JSON.stringify({ url: server.url, token: server.token }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await server.close();
  await cell.stop();
  process.exit(0);
});
`;

/**
 * A server in a process of its own, started with `env` (a secret in a process's environment is only in
 * /proc/<pid>/environ when it was there at the start). Ends when the returned `close` closes its stdin.
 */
async function childServer(
  spec: Partial<CellSpec>,
  env: Record<string, string>,
  descriptors: Readonly<Record<number, number>> = {},
): Promise<Client> {
  const stdio: ('pipe' | 'inherit' | 'ignore' | number)[] = ['pipe', 'pipe', 'inherit'];
  for (const [at, fd] of Object.entries(descriptors)) {
    while (stdio.length < Number(at)) stdio.push('ignore');
    stdio[Number(at)] = fd;
  }
  const child = spawn(
    process.execPath,
    [
      '--conditions=@wesgine/source',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      CHILD_SERVER,
      JSON.stringify(spec),
    ],
    {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      env: { ...process.env, ...env },
      stdio,
    },
  );
  const exited = once(child, 'exit');
  const [line] = (await once(createInterface({ input: child.stdout as Readable }), 'line')) as [string];
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  const api = await httpClient(url, token);
  return {
    ...api,
    close: async () => {
      await api.close();
      child.stdin?.end();
      await exited;
    },
  };
}

describe('security over HTTP: exec reads only inside its roots (class 1)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ zone: DEFAULT_ZONE_FILE });
  });

  it('a program cannot read a file outside the work folder, whatever program reads it', async () => {
    const answers: Answer[] = [];
    for (const command of [
      'cat ../outside.txt',
      'grep -r SECRET ..',
      'grep -r OUTSIDE ..',
      'cat "$(dirname "$PWD")/outside/notes.txt"',
      // Variants of our own: other programs that open files, which the text analysis cannot follow.
      'tar cf - -C .. outside.txt outside | tar xOf -',
      'dd if=../outside.txt status=none',
      `find .. -type f -exec cat {} +`,
      'python3 -c "print(open(\'../outside.txt\').read())"',
    ]) {
      answers.push(await w.exec(command));
    }
    answers.push(await w.call('exec', { command: 'cat outside.txt outside/notes.txt', workdir: '..' }));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(leaked(answer.body)).toEqual([]);
    }
    // The sandbox is what answered: the command ran, and the file is simply not there.
    expect(answers[0]?.result.text).toMatch(/Output:\ncat: \.\.\/outside\.txt: No such file or directory\n$/);
    expect(w.events()).toContain('event: audit');
    expect(leaked(w.events())).toEqual([]);
    expect(w.untouched()).toBe(true);
  });

  it('no ~/.ssh key, with HOME pointing at a home that holds one', async () => {
    const saved = process.env.HOME;
    process.env.HOME = w.home;
    try {
      for (const command of [
        'cat ~/.ssh/id_rsa',
        `cat ${w.home}/.ssh/id_rsa`,
        'ls -la ~ ~/.ssh',
        'grep -r PRIVATE ~',
      ]) {
        const answer = await w.exec(command);
        expect(answer.status).toBe(200);
        expect(leaked(answer.body)).toEqual([]);
      }
      const listed = await w.exec('ls -A ~ | wc -l');
      expect(listed.result.text).toMatch(/Output:\n0\n$/);
    } finally {
      process.env.HOME = saved;
    }
    expect(leaked(w.events())).toEqual([]);
    expect(w.untouched()).toBe(true);
  });

  it('a .env file is empty inside under the shipped default zone', async () => {
    for (const command of ['cat .env', 'grep -r API_TOKEN .', 'cp .env copy.txt && cat copy.txt', 'base64 .env']) {
      const answer = await w.exec(command);
      expect(leaked(answer.body)).toEqual([]);
      expect(answer.body).not.toContain(Buffer.from(`API_TOKEN=${ENV_SECRET}\n`).toString('base64'));
    }
    expect(readFileSync(join(w.work, '.env'), 'utf8')).toBe(`API_TOKEN=${ENV_SECRET}\n`);
    expect(leaked(w.events())).toEqual([]);
  });

  it('writes outside, approved over HTTP, create and change nothing outside', async () => {
    const asked: ApprovalRequest[] = [];
    for (const command of [
      'cp inside.txt ../copied',
      'cp inside.txt ../outside/copied',
      "python3 -c \"open('../outside.txt','w').write('pwned')\"",
      "python3 -c \"open('../python-made','w').write('pwned')\"",
      'cd .. && mkdir made',
      'dd if=inside.txt of=../outside/notes.txt status=none',
      'tar cf ../made.tar inside.txt',
    ]) {
      const answer = await w.exec(command);
      asked.push(...answer.asked);
      expect(answer.status).toBe(200);
    }
    // The default zone asks before an action: each was put to a person and approved over HTTP (but
    // `cd ..`, which the text analysis refuses before anyone is asked).
    expect(asked.length).toBe(6);
    expect(asked.every((request) => request.tool === 'exec')).toBe(true);
    for (const name of ['copied', 'python-made', 'made', 'made.tar'])
      expect(existsSync(join(w.root, name))).toBe(false);
    expect(readFileSync(join(w.root, 'outside.txt'), 'utf8')).toBe(`${OUTSIDE_SECRET}\n`);
    expect(w.untouched()).toBe(true);
  });

  it('a link planted by one exec does not let the read tool reach outside over HTTP', async () => {
    await w.exec(
      [
        'ln -s ../outside.txt soft',
        'ln -s ../outside linked',
        `ln -s ${w.root} root-link`,
        // Variant of our own: a link inside the roots to a file the zone closes.
        'ln -s .env alias.txt',
        'ln ../outside.txt hard',
        'true',
      ].join('; '),
    );
    expect(existsSync(join(w.work, 'hard'))).toBe(false);
    for (const path of ['soft', 'linked/notes.txt', 'root-link/outside.txt', 'alias.txt']) {
      const read = await w.call('read', { path });
      expect({ path, status: read.status, isError: read.result.isError }).toEqual({ path, status: 200, isError: true });
      expect(leaked(read.body)).toEqual([]);
    }
    const grep = await w.call('grep', { pattern: 'SECRET|OUTSIDE|FOLDER|DOTENV' });
    expect(leaked(grep.body)).toEqual([]);
    // Writing through the links, approved over HTTP, creates nothing outside either.
    for (const path of ['linked/pwned.txt', 'root-link/pwned.txt', 'soft']) {
      const write = await w.call('write', { path, content: 'pwned\n' });
      expect({ path, isError: write.result.isError }).toEqual({ path, isError: true });
    }
    expect(leaked(w.events())).toEqual([]);
    expect(w.untouched()).toBe(true);
  });
});

describe("security over HTTP: the server process's own secrets stay with it (class 1)", () => {
  // A server in a process of its own, so that it starts with a secret in its environment and with open
  // descriptors, as a launcher may leave them (a shell's `40<file`, a supervisor's sockets, the pipe of a
  // tool harness): neither is close-on-exec, so the server hands both to what it spawns.
  let root: string;
  let sandboxed: Client;
  let plain: Client;
  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sandbox-http-child-')));
    roots.push(root);
    for (const folder of ['work', 'plain', 'outside']) mkdirSync(join(root, folder));
    writeFileSync(join(root, 'outside.txt'), `${OUTSIDE_SECRET}\n`);
    writeFileSync(join(root, 'outside', 'notes.txt'), `${FOLDER_SECRET}\n`);
    const file = openSync(join(root, 'outside.txt'), 'r');
    const folder = openSync(join(root, 'outside'), 'r');
    const env = { WESGINE_TEST_API_KEY: HOST_SECRET };
    try {
      [sandboxed, plain] = await Promise.all([
        childServer({ workDir: join(root, 'work') }, env, { 40: file, 41: folder }),
        childServer({ workDir: join(root, 'plain'), sandbox: 'off' }, env),
      ]);
    } finally {
      closeSync(file);
      closeSync(folder);
    }
  });
  afterAll(async () => {
    await Promise.all([sandboxed?.close(), plain?.close()]);
  });

  it("the server process's environment cannot be read through /proc (the control, sandbox off, can)", async () => {
    for (const command of [
      'cat /proc/$PPID/environ',
      'cat /proc/1/environ',
      'for f in /proc/[0-9]*/environ; do cat "$f"; done',
      'cat /proc/$PPID/task/*/environ',
      'env',
    ]) {
      const answer = await sandboxed.exec(command);
      expect(answer.status).toBe(200);
      expect(leaked(answer.body)).toEqual([]);
    }
    expect(sandboxed.events()).toContain('event: audit');
    expect(leaked(sandboxed.events())).toEqual([]);
    // The secret is there to be read: without the sandbox the same command prints it.
    const control = await plain.exec('cat /proc/$PPID/environ');
    expect(leaked(control.body)).toEqual([HOST_SECRET]);
  });

  it('a link to /proc/self/environ planted by exec does not let the read tool print the environment', async () => {
    const planted = await sandboxed.exec(
      'ln -s /proc/self/environ env-link; ln -s /proc/1/environ init-link; echo planted',
    );
    expect(planted.result.text).toMatch(/Output:\nplanted\n$/);
    for (const path of ['env-link', 'init-link']) {
      const read = await sandboxed.call('read', { path });
      expect({ path, isError: read.result.isError }).toEqual({ path, isError: true });
      expect(leaked(read.body)).toEqual([]);
    }
    expect(leaked(sandboxed.events())).toEqual([]);
  });

  it('a descriptor the server process was started with does not let a program read or write outside', async () => {
    const leaks: string[] = [];
    for (const command of [
      'cat <&40',
      'cat /proc/self/fd/40',
      'cat /proc/self/fd/41/notes.txt',
      'cat /proc/self/fd/41/../outside.txt',
      'echo pwned > /proc/self/fd/41/pwned',
      'touch /proc/self/fd/41/pwned-touch',
      'cp /proc/self/fd/40 /proc/self/fd/41/pwned-copy',
    ]) {
      const answer = await sandboxed.exec(command);
      for (const secret of leaked(answer.body)) leaks.push(`${command}: ${secret}`);
    }
    // One assertion over every effect, so that a failure shows all that got through.
    expect({ leaks, outside: readdirSync(join(root, 'outside')), root: readdirSync(root).sort() }).toEqual({
      leaks: [],
      outside: ['notes.txt'],
      root: ['outside', 'outside.txt', 'plain', 'work'],
    });
  });
});

describe('security over HTTP: code hidden in words bash evaluates changes nothing (class 2)', () => {
  // Each line hides `touch <marker> ../<marker>` where bash evaluates it: a subscript or an arithmetic
  // operand in a quoted word, which the text of the line does not show as a substitution.
  const hidden = (marker: string) => {
    const code = `$(touch ${marker} ../${marker})`;
    return [
      `test -v 'x[${code}]'`,
      `[ -v 'x[${code}]' ]`,
      `[[ -v 'x[${code}]' ]]`,
      `printf -v 'x[${code}]' %s 1`,
      // Variants of our own: other builtins that evaluate a subscript or arithmetic in a quoted word.
      `unset 'x[${code}]'`,
      `let 'x[${code}]=1'`,
      `read 'x[${code}]' <<< 1`,
      `declare -i 'n=x[${code}]'`,
      `v='x[${code}]'; [[ $v -eq 0 ]]`,
    ].map((command, index) => command.replaceAll(marker, `${marker}-${index}`));
  };

  it('denied over HTTP, or never asked, nothing is created inside or outside', async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE });
    for (const command of hidden('pwned')) {
      const answer = await w.exec(command, 'deny');
      expect(answer.status).toBe(200);
    }
    const made = [...readdirSync(w.work), ...readdirSync(w.root)].filter((entry) => entry.startsWith('pwned'));
    expect(made).toEqual([]);
    expect(w.untouched()).toBe(true);
  });

  it('approved over HTTP, nothing is created outside, and inside only what the question showed', async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE });
    const shown: string[] = [];
    for (const [index, command] of hidden('pwned').entries()) {
      const answer = await w.exec(command, 'approve');
      expect(answer.status).toBe(200);
      // A person who approved was shown the hidden code itself, not only a harmless-looking line.
      for (const request of answer.asked) {
        expect(request.question).toContain(`$(touch pwned-${index}`);
        shown.push(`pwned-${index}`);
      }
    }
    expect(readdirSync(w.root).filter((entry) => entry.startsWith('pwned'))).toEqual([]);
    const inside = readdirSync(w.work).filter((entry) => entry.startsWith('pwned'));
    expect(inside.filter((entry) => !shown.includes(entry))).toEqual([]);
    // Every line asked, test -v and [ -v included: the text analysis reads the subscript as code.
    expect(shown).toContain('pwned-0');
    expect(shown).toContain('pwned-1');
    expect(w.untouched()).toBe(true);
  });
});

describe('security over HTTP: processes are contained (class 3)', () => {
  it('setsid, setsid -f, a double fork and nohup + disown leave nothing once the call has answered', async () => {
    const w = await world();
    const marker = `wesgine-http-${randomUUID().slice(0, 8)}`;
    const answer = await w.exec(
      [
        `setsid bash -c 'exec -a ${marker}-a sleep 1000' &`,
        `setsid -f bash -c 'exec -a ${marker}-b sleep 1000'`,
        `bash -c '(bash -c "(exec -a ${marker}-c sleep 1000) &" &)'`,
        `nohup bash -c 'exec -a ${marker}-d sleep 1000' >/dev/null 2>&1 & disown`,
        'sleep 0.3; echo started',
      ].join('\n'),
    );
    expect(answer.result.text).toMatch(/Output:\nstarted\n$/);
    expect(await leftWith(marker)).toEqual([]);
  });

  it('a call that times out leaves no process, daemons included', async () => {
    const w = await world();
    const marker = `wesgine-http-${randomUUID().slice(0, 8)}`;
    const answer = await w.exec(
      [
        `setsid -f bash -c 'exec -a ${marker}-a sleep 1000'`,
        `(trap '' TERM HUP; exec -a ${marker}-b sleep 1000) &`,
        `exec -a ${marker}-c sleep 1000`,
      ].join('\n'),
      'approve',
      { timeout_ms: 1_500 },
    );
    expect(answer.result.text).toMatch(/^Exit code: 124\n/);
    expect(await leftWith(marker)).toEqual([]);
  });

  it('a call under way when the cell stops leaves no process, daemons included', async () => {
    const w = await world();
    const marker = `wesgine-http-${randomUUID().slice(0, 8)}`;
    const call = w.exec(
      [
        `setsid -f bash -c 'exec -a ${marker}-a sleep 1000'`,
        `nohup bash -c 'exec -a ${marker}-b sleep 1000' >/dev/null 2>&1 & disown`,
        `exec -a ${marker}-c sleep 1000`,
      ].join('\n'),
      'approve',
      { timeout_ms: 600_000 },
    );
    for (let tries = 0; tries < 250 && livingWith(marker).length < 3; tries++) await delay(20);
    expect(livingWith(marker).length).toBe(3);
    await w.cell.stop();
    const answer = await call;
    expect(answer.status).toBe(200);
    expect(answer.result).toEqual({ isError: true, code: 'aborted', text: 'exec was cancelled' });
    expect(await leftWith(marker)).toEqual([]);
    await w.close();
  });

  it('the process limit holds: a fork loop fails and leaves nothing', async () => {
    const w = await world({ sandbox: { limits: { processes: 40 } } });
    const marker = `wesgine-http-${randomUUID().slice(0, 8)}`;
    const answer = await w.exec(
      `for i in $(seq 100); do (exec -a ${marker} sleep 1000) & done; echo ended`,
      'approve',
      { timeout_ms: 3_000 },
    );
    // Enforced through a pids cgroup; a machine without a writable one has no limit (as documented).
    if (pidsCgroupsWritable()) expect(answer.result.text).toMatch(/fork: (retry: )?Resource temporarily unavailable/);
    expect(await leftWith(marker)).toEqual([]);
  });
});

describe('security over HTTP: the browser has no side doors (class 10)', () => {
  let site: Server;
  let secret: Server;
  let origin = '';
  let secretOrigin = '';
  const secretSeen: string[] = [];

  const listen = async (server: Server, host: string) => {
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return `http://${host}:${(server.address() as AddressInfo).port}`;
  };
  const page = (body: string) => `<!doctype html><html><head><title>Test</title></head><body>${body}</body></html>`;

  beforeAll(async () => {
    secret = createServer((request, response) => {
      secretSeen.push(request.url ?? '');
      response.end('secret');
    });
    secretOrigin = await listen(secret, '127.0.0.2');
    const target = () => `${secretOrigin}/data`;
    const pages: Record<string, (query: URLSearchParams) => string> = {
      '/webrtc': (query) =>
        page(`<p>Calling.</p><script>
          for (const host of ['127.0.0.1', '127.0.0.2']) {
            const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:' + host + ':${query.get('port')}' }, { urls: 'turn:' + host + ':${query.get('port')}?transport=udp', username: 'u', credential: 'c' }] });
            peer.createDataChannel('x');
            peer.createOffer().then((offer) => peer.setLocalDescription(offer));
          }
        </script>`),
      // A page on a host the zone allows, trying to drive the API that opened it (same host, other port).
      '/drives-api': (query) =>
        page(`<p>Driving.</p><script>
          const api = ${JSON.stringify(query.get('api'))};
          const body = (command) => JSON.stringify({ args: { command } });
          fetch(api + '/tools/exec/call', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: body('touch pwned-no-cors') }).catch(() => {});
          fetch(api + '/tools/exec/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('touch pwned-json') }).catch(() => {});
          navigator.sendBeacon(api + '/tools/exec/call', new Blob([body('touch pwned-beacon')], { type: 'text/plain' }));
          fetch(api + '/approvals').then((r) => r.text()).then((t) => document.body.append(t)).catch((e) => document.body.append('approvals: ' + e));
        </script>`),
      '/script-to-secret': () => page(`<p>Leaving.</p><script>location.href = '${target()}';</script>`),
      // Variants of our own: other ways a page leaves by itself.
      '/replace-to-secret': () => page(`<p>Leaving.</p><script>location.replace('${target()}');</script>`),
      '/form-to-secret': () =>
        page(`<form id="f" method="post" action="${target()}"><input name="a" value="1"></form>
          <script>document.getElementById('f').submit();</script>`),
    };
    site = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const render = pages[url.pathname];
      response.writeHead(render === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(render === undefined ? page('missing') : render(url.searchParams));
    });
    origin = await listen(site, '127.0.0.1');
  });
  afterAll(async () => {
    await closeBrowsers();
    for (const server of [site, secret]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a page the zone allows sends no WebRTC packet to a UDP socket on loopback', async () => {
    const w = await world({ network: { allowHosts: ['127.0.0.1'] } });
    const packets: string[] = [];
    const bind = (host: string, port: number) =>
      new Promise<Socket>((resolve) => {
        const socket = createSocket('udp4');
        socket.on('message', (_message, from) => packets.push(`${host} from ${from.address}`));
        socket.bind(port, host, () => resolve(socket));
      });
    const first = await bind('127.0.0.1', 0);
    const port = first.address().port;
    const sockets = [first, await bind('127.0.0.2', port)];
    try {
      const answer = await w.call('browser_navigate', {
        url: `${origin}/webrtc?port=${port}`,
        wait_until: 'networkidle',
      });
      expect(answer.status).toBe(200);
      expect(answer.result.isError).toBe(false);
      expect(answer.result.text).toContain('Calling.');
      await delay(1_000);
      expect(packets).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  // Several layers hold here, any one enough: bodies must be JSON (which no page can send to another
  // origin without a preflight, which is refused), Origin and Sec-Fetch-Site are checked, no CORS is granted.
  it('a page the zone allows cannot drive the API that serves the call, even one without a token', async () => {
    const w = await world({ network: { allowHosts: ['127.0.0.1'] } }, { auth: 'none' });
    // Every approval is granted while the call runs: a call the page got in would run.
    const answer = await w.call('browser_navigate', {
      url: `${origin}/drives-api?api=${encodeURIComponent(w.server.url)}`,
      wait_until: 'networkidle',
    });
    expect(answer.result).toMatchObject({ isError: false });
    // What the page saw: the API's answers are not readable from its origin.
    expect(answer.result.text).toContain('approvals: TypeError: Failed to fetch');
    await delay(500);
    expect(readdirSync(w.work).filter((name) => name.startsWith('pwned'))).toEqual([]);
    expect(answer.asked).toEqual([]);
    expect(w.cell.auditLog().map((event) => event.tool)).toEqual(['browser_navigate']);
  });

  it('a page that navigates itself to a refused address answers denied, and the address is never reached', async () => {
    const w = await world({ network: { allowHosts: ['127.0.0.1'] } });
    for (const path of ['/script-to-secret', '/replace-to-secret', '/form-to-secret']) {
      const url = `${origin}${path}`;
      const answer = await w.call('browser_navigate', { url, wait_until: 'networkidle' });
      expect(answer.status).toBe(200);
      expect(answer.result).toEqual({
        isError: true,
        code: 'denied',
        text: `${url} loaded, then the page went to ${secretOrigin}/data on its own, which was refused: The address 127.0.0.2 is a loopback address; private, loopback and link-local addresses cannot be fetched. Nothing from that address was loaded.`,
      });
    }
    expect(secretSeen).toEqual([]);
    expect(w.events()).not.toContain('"secret"');
  });
});
