import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { type ApprovalRequest, type Cell, createEngine } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Threat class 6 of issue 9, "the HTTP API obeys any web page", and the HTTP half of class 7, proved on
// a real server on loopback with the built-in tools. A page that rebinds its DNS name to 127.0.0.1
// reaches the socket with its own name in `Host`; a page on another origin sends `Origin` (or
// `Sec-Fetch-Site`). Each refusal is judged by its effect: the marker file the `write` tool would create
// is absent, the audit log did not grow, a pending approval is still pending, no event reached the client.

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Sent {
  readonly method?: string;
  readonly path: string;
  /** The Host header, exactly; `null` sends none. Default: the server's own. */
  readonly host?: string | null;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** One request with exactly the headers given (fetch would set Host and Origin itself). */
function send(server: HttpServer, sent: Sent): Promise<Answer> {
  const url = new URL(server.url);
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.host !== null) headers.host = sent.host ?? url.host;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: url.hostname,
        port: url.port,
        method: sent.method ?? 'GET',
        path: sent.path,
        headers,
        setHost: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          // An event stream never ends by itself: its first frame is all a test needs.
          if (response.headers['content-type']?.startsWith('text/event-stream')) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', () => {});
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

/** Bytes on the wire as written (HTTP/1.0 without Host, absolute request targets); the answer as text. */
function raw(server: HttpServer, text: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(text);
  });
}

function writeCall(path: string, headers: Record<string, string>): Sent {
  return {
    method: 'POST',
    path: '/tools/write/call',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ args: { path, content: 'written over HTTP\n' } }),
  };
}

/** What the page did: `exec`, here of a command that leaves a marker file. */
function execCall(marker: string, headers: Record<string, string>): Sent {
  return {
    method: 'POST',
    path: '/tools/exec/call',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ args: { command: `touch ${marker}` } }),
  };
}

function world(options: { readonly ask?: boolean } = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-security-')));
  const work = join(root, 'work');
  const dataDir = join(root, 'data');
  mkdirSync(work);
  mkdirSync(dataDir);
  const cell = createEngine({ tools: builtins }).createCell({
    workDir: work,
    dataDir,
    ...(options.ask === true
      ? { zone: { version: 1, zone: 'security/ask', defaults: { exploration: 'allow', action: 'ask' }, rules: [] } }
      : {}),
  });
  return { cell, work, dataDir };
}

const hostRefusal = (server: HttpServer, host: string) => {
  const port = new URL(server.url).port;
  return JSON.stringify({
    error: {
      code: 'host_not_allowed',
      message:
        `this server does not answer to the host ${JSON.stringify(host)}; it answers to 127.0.0.1:${port}, localhost:${port}, [::1]:${port}. ` +
        'A web page that points its own name at this machine (DNS rebinding) sends that name; add a name you trust with allowedHosts',
    },
  });
};

/** The Host values a rebinding page, or a hand-made request, may send instead of the server's own. */
function forgedHosts(server: HttpServer): string[] {
  const port = Number(new URL(server.url).port);
  return [
    `evil.example:${port}`,
    `EVIL.EXAMPLE:${port}`,
    'evil.example',
    `localhost.:${port}`,
    `127.0.0.1:${port + 1}`,
    '127.0.0.1',
    'localhost',
    `127.1:${port}`,
    `2130706433:${port}`,
    `0x7f.0.0.1:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost:${port}.evil.example`,
  ];
}

describe('security: the HTTP API without a token configured', () => {
  let cell: Cell;
  let work: string;
  let dataDir: string;
  let server: HttpServer;
  let token: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ({ cell, work, dataDir } = world());
    server = await serve(cell);
    token = server.token ?? '';
    auth = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  it('requires a token by default: without one a call is 401 and nothing ran', async () => {
    const answer = await send(server, writeCall('pwned.txt', {}));
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'unauthorized', message: 'this API needs a token: send the header Authorization: Bearer <token>' },
    });
    const wrong = await send(server, writeCall('pwned.txt', { authorization: `Bearer ${token.slice(0, -1)}x` }));
    expect(wrong.status).toBe(401);
    expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
    expect(cell.auditLog()).toEqual([]);
  });

  it('does not take the token from the URL', async () => {
    for (const path of [`/tools?token=${token}`, `/tools?access_token=${token}`]) {
      expect((await send(server, { path })).status).toBe(401);
    }
  });

  it('keeps the token in the data folder with mode 0600, and a restart keeps it', async () => {
    const file = join(dataDir, 'http-token');
    expect(server.tokenFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    const again = await serve(cell);
    try {
      expect(again.token).toBe(token);
      expect((await send(again, { path: '/tools', headers: auth })).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('with the token, a call runs (the control: the marker can be made)', async () => {
    const answer = await send(server, writeCall('control.txt', auth));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ isError: false });
    expect(readFileSync(join(work, 'control.txt'), 'utf8')).toBe('written over HTTP\n');
  });

  it('refuses a forged Host even with the right token', async () => {
    const answer = await send(server, {
      ...writeCall('pwned.txt', auth),
      host: `evil.example:${new URL(server.url).port}`,
    });
    expect(answer.status).toBe(421);
    expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
  });

  it('answers a deeply nested body with 400 and the limit, never 500, and runs nothing', async () => {
    const before = cell.auditLog().length;
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const body of [
      `{"args":{"path":"pwned.txt","content":${nested(5_000)}}}`,
      `{"args":{"path":"pwned.txt","content":${nested(100_000)}}}`,
      `{"args":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
      nested(100_000),
    ]) {
      const answer = await send(server, {
        method: 'POST',
        path: '/tools/write/call',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe(
        '{"error":{"code":"too_deep","message":"the body nests arrays and objects deeper than the limit of 65 levels"}}',
      );
    }
    expect(cell.auditLog().length).toBe(before);
    expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
  });

  it('still answers a body over 1 MiB with 413', async () => {
    const answer = await send(server, {
      method: 'POST',
      path: '/tools/write/call',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ args: { path: 'pwned.txt', content: 'x'.repeat(1024 * 1024) } }),
    });
    expect(answer.status).toBe(413);
    expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
  });
});

describe("security: a rebinding page, against a server on auth: 'none'", () => {
  // The weakest configuration: no token at all, so the Host and Origin checks are the only defence.
  let cell: Cell;
  let work: string;
  let server: HttpServer;

  beforeAll(async () => {
    ({ cell, work } = world());
    server = await serve(cell, { auth: 'none' });
  });
  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  it('cannot call exec or write with any forged Host: 421, and no marker exists', async () => {
    for (const host of forgedHosts(server)) {
      for (const sent of [execCall('pwned-exec.txt', {}), writeCall('pwned.txt', {})]) {
        const answer = await send(server, { ...sent, host });
        expect({ host, path: sent.path, status: answer.status }).toEqual({ host, path: sent.path, status: 421 });
        expect(answer.body).toBe(hostRefusal(server, host));
      }
    }
    expect(existsSync(join(work, 'pwned-exec.txt'))).toBe(false);
    expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
    expect(cell.auditLog()).toEqual([]);
  });

  it('cannot call with IPv6 forms of loopback it does not answer to', async () => {
    const port = new URL(server.url).port;
    for (const host of [
      `[0:0:0:0:0:0:0:1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `[::ffff:7f00:1]:${port}`,
      '[::1]',
    ]) {
      const answer = await send(server, { ...execCall('pwned-exec.txt', {}), host });
      expect({ host, status: answer.status }).toEqual({ host, status: 421 });
    }
    expect(existsSync(join(work, 'pwned-exec.txt'))).toBe(false);
    expect(cell.auditLog()).toEqual([]);
  });

  it('cannot call without a Host, nor with an absolute target naming another host', async () => {
    const port = new URL(server.url).port;
    const body = JSON.stringify({ args: { command: 'touch pwned-exec.txt' } });
    const head = `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const http10 = await raw(server, `POST /tools/exec/call HTTP/1.0\r\n${head}${body}`);
    expect(http10).toMatch(/^HTTP\/1\.1 421 /);
    expect(http10).toContain('the request names no host (no Host header)');
    const http11 = await raw(server, `POST /tools/exec/call HTTP/1.1\r\n${head}${body}`);
    expect(http11).toMatch(/^HTTP\/1\.1 400 /);
    const absolute = await raw(
      server,
      `POST http://evil.example:${port}/tools/exec/call HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${head}${body}`,
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 421 /);
    const reverse = await raw(
      server,
      `POST http://127.0.0.1:${port}/tools/exec/call HTTP/1.1\r\nHost: evil.example:${port}\r\n${head}${body}`,
    );
    expect(reverse).toMatch(/^HTTP\/1\.1 421 /);
    expect(existsSync(join(work, 'pwned-exec.txt'))).toBe(false);
    expect(cell.auditLog()).toEqual([]);
  });

  it('cannot call from another origin, by any kind of request a page can send', async () => {
    const port = new URL(server.url).port;
    for (const headers of [
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
      { origin: `http://localhost:${port}`, 'content-type': 'application/json' },
      { origin: `http://127.0.0.1:${Number(port) + 1}`, 'content-type': 'application/json' },
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
    ]) {
      const answer = await send(server, {
        method: 'POST',
        path: '/tools/exec/call',
        headers,
        body: JSON.stringify({ args: { command: 'touch pwned-exec.txt' } }),
      });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
      expect(answer.body).toContain('"code":"origin_not_allowed"');
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(existsSync(join(work, 'pwned-exec.txt'))).toBe(false);
    expect(cell.auditLog()).toEqual([]);
  });

  it('answers its own names and its own origin (the control: exec does leave the marker)', async () => {
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      expect({ host, status: (await send(server, { path: '/tools', host })).status }).toEqual({ host, status: 200 });
    }
    const answer = await send(server, execCall('control-exec.txt', { origin: server.url }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ isError: false });
    expect(existsSync(join(work, 'control-exec.txt'))).toBe(true);
  });

  it('does not let a forged Host or another origin answer a tool question', async () => {
    const port = new URL(server.url).port;
    const asked = send(server, {
      method: 'POST',
      path: '/tools/ask_user/call',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        args: { questions: [{ question: 'Deploy now?', options: [{ label: 'yes' }, { label: 'no' }] }] },
      }),
    });
    for (let tries = 0; tries < 200 && cell.approvals().pendingQuestions().length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const id = cell.approvals().pendingQuestions()[0]?.id ?? '';
    const answer = (extra: Partial<Sent>) =>
      send(server, {
        method: 'POST',
        path: `/questions/${id}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [['yes']] }),
        ...extra,
      });
    expect((await send(server, { path: '/questions', host: `evil.example:${port}` })).status).toBe(421);
    expect((await answer({ host: `evil.example:${port}` })).status).toBe(421);
    expect((await answer({ headers: { 'content-type': 'text/plain', origin: 'https://evil.example' } })).status).toBe(
      403,
    );
    expect(
      (await answer({ headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    expect(
      cell
        .approvals()
        .pendingQuestions()
        .map((request) => request.id),
    ).toEqual([id]);
    // The control: the server's own client answers, and the tool hears it.
    const own = await send(server, {
      method: 'POST',
      path: `/questions/${id}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [['no']] }),
    });
    expect(own.status).toBe(200);
    // The call answered 202 at once; its result is read at /calls/<id>, which a forged Host cannot read.
    const { callId } = JSON.parse((await asked).body) as { callId: string };
    expect((await send(server, { path: `/calls/${callId}`, host: `evil.example:${port}` })).status).toBe(421);
    const result = await send(server, { path: `/calls/${callId}?wait=30` });
    expect(JSON.parse(result.body)).toMatchObject({ text: 'The user answered:\n1. Deploy now?\n   Answer: no' });
  });

  it('does not open /events for a forged Host or another origin', async () => {
    const port = new URL(server.url).port;
    for (const sent of [
      { path: '/events', host: `evil.example:${port}` },
      { path: '/events', host: `localhost.:${port}` },
      { path: '/events', headers: { origin: 'https://evil.example' } },
      { path: '/events', headers: { origin: 'null' } },
      { path: '/events', headers: { 'sec-fetch-site': 'cross-site' } },
    ] satisfies Sent[]) {
      const answer = await send(server, sent);
      expect([421, 403]).toContain(answer.status);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.body).not.toContain('event:');
    }
    // The control: the server's own client gets the stream.
    const own = await send(server, { path: '/events' });
    expect(own.status).toBe(200);
    expect(own.body).toBe(': connected\n\n');
  });
});

describe("security: a pending approval, on a server on auth: 'none'", () => {
  let cell: Cell;
  let work: string;
  let server: HttpServer;

  let pending: ApprovalRequest;
  let call: Promise<Answer>;

  beforeAll(async () => {
    ({ cell, work } = world({ ask: true }));
    server = await serve(cell, { auth: 'none' });
    // The owner's own client starts an exec that the zone parks for a person.
    call = send(server, execCall('asked.txt', {}));
    for (let tries = 0; tries < 200 && cell.approvals().pending().length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    pending = cell.approvals().pending()[0] as ApprovalRequest;
    expect(pending).toMatchObject({ tool: 'exec', stage: 'zone', args: { command: 'touch asked.txt' } });
  });
  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  it('cannot be read or approved with a forged Host', async () => {
    const host = `evil.example:${new URL(server.url).port}`;
    const listed = await send(server, { path: '/approvals', host });
    expect(listed.status).toBe(421);
    expect(listed.body).not.toContain(pending.id);
    for (const forged of [host, `localhost.:${new URL(server.url).port}`]) {
      const decided = await send(server, {
        method: 'POST',
        path: `/approvals/${pending.id}`,
        host: forged,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'approve', scope: 'session' }),
      });
      expect(decided.status).toBe(421);
    }
    expect(
      cell
        .approvals()
        .pending()
        .map((request) => request.id),
    ).toEqual([pending.id]);
    expect(existsSync(join(work, 'asked.txt'))).toBe(false);
  });

  it('cannot be approved from another origin, by any kind of request a page can send', async () => {
    const own = new URL(server.url).host;
    const attempts: Sent[] = [
      { headers: { origin: 'https://evil.example', 'content-type': 'application/json' } },
      { headers: { origin: 'null', 'content-type': 'application/json' } },
      { headers: { origin: `http://localhost:${new URL(server.url).port}`, 'content-type': 'application/json' } },
      { headers: { origin: 'https://evil.example', 'content-type': 'text/plain' } },
      { headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } },
      { headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' } },
      { headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' } },
    ].map((attempt) => ({
      ...attempt,
      method: 'POST',
      path: `/approvals/${pending.id}`,
      host: own,
      body: JSON.stringify({ decision: 'approve' }),
    }));
    for (const attempt of attempts) {
      const answer = await send(server, attempt);
      expect({ headers: attempt.headers, status: answer.status }).toEqual({ headers: attempt.headers, status: 403 });
      expect(answer.body).toContain('"code":"origin_not_allowed"');
    }
    expect(
      cell
        .approvals()
        .pending()
        .map((request) => request.id),
    ).toEqual([pending.id]);
    expect(existsSync(join(work, 'asked.txt'))).toBe(false);
  });

  it('refuses the preflight a page would need, and grants no CORS', async () => {
    const answer = await send(server, {
      method: 'OPTIONS',
      path: `/approvals/${pending.id}`,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(answer.status).toBe(403);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('is approved by its own origin (the control: the approved exec leaves the marker)', async () => {
    const decided = await send(server, {
      method: 'POST',
      path: `/approvals/${pending.id}`,
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(decided.status).toBe(200);
    const waiting = await call;
    expect(waiting.status).toBe(202);
    const { callId } = JSON.parse(waiting.body) as { callId: string };
    const result = await send(server, { path: `/calls/${callId}?wait=30` });
    expect(JSON.parse(result.body)).toMatchObject({ isError: false });
    expect(existsSync(join(work, 'asked.txt'))).toBe(true);
  });
});

describe('security: the event stream of an actor token', () => {
  it('does not carry the events of another actor runs', async () => {
    const { cell } = world();
    const server = await serve(cell, {
      token: 'owner-token',
      actorTokens: [
        { token: 'ann-token', actor: 'ann' },
        { token: 'bob-token', actor: 'bob' },
      ],
    });
    const stop = new AbortController();
    try {
      const events = await fetch(`${server.url}/events`, {
        headers: { authorization: 'Bearer ann-token' },
        signal: stop.signal,
      });
      const reader = events.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value);
      const call = (token: string, path: string) =>
        fetch(`${server.url}/tools/write/call`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ args: { path, content: 'x\n' }, sessionId: 'secret-session' }),
        });
      expect((await call('bob-token', 'bob.txt')).status).toBe(200);
      expect((await call('ann-token', 'ann.txt')).status).toBe(200);
      while (!text.includes('"actor":"ann"')) text += decoder.decode((await reader.read()).value);
      expect(text).not.toContain('"actor":"bob"');
      expect(text).not.toContain('bob/secret-session');
      expect(text).toContain('"sessionId":"ann/secret-session"');
    } finally {
      stop.abort();
      await server.close();
      await cell.stop();
    }
  });
});
