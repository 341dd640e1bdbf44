import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApprovalRequest, type Cell, createEngine } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { Path, Type } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The HTTP API of a real cell on a real loopback socket, driven with fetch: the tool list, calls and
// refusals, bearer auth, the event stream, an approval round trip, and a close that leaves nothing open.
// (What a web page can make a browser send, forged Host and Origin, is test/security/http.test.ts.)

const TOKEN = 'e2e-token-7f3a';
const auth = { authorization: `Bearer ${TOKEN}` };

function fixture(): { cell: Cell; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-e2e-')));
  const workDir = join(root, 'work');
  const outside = join(root, 'secret.txt');
  mkdirSync(workDir);
  writeFileSync(join(workDir, 'notes.md'), 'notes inside');
  writeFileSync(outside, 'outside the workdir');
  const cell = createEngine().createCell({ workDir });
  cell.tools().register({
    name: 'add',
    description: 'Add two numbers.',
    parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
    handler: ({ a, b }) => ({ text: String(a + b), data: { sum: a + b } }),
  });
  cell.tools().register({
    name: 'read_note',
    description: 'Read a note.',
    parameters: Type.Object({ path: Path({ access: 'read' }) }),
    meta: { readOnly: true },
    handler: (_args, context) => `read ${context.resolvedPaths.get('/path')}`,
  });
  return { cell, outside };
}

function call(server: HttpServer, name: string, body: unknown, headers: Record<string, string> = auth) {
  return fetch(`${server.url}/tools/${name}/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Frames of a server-sent event stream, one at a time. */
function sseFrames(response: Response) {
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('the response has no body');
  const decoder = new TextDecoder();
  let buffer = '';
  return async (): Promise<string | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return frame;
      }
      const { done, value } = await reader.read();
      if (done) return undefined;
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('HTTP API on loopback', () => {
  let cell: Cell;
  let outside: string;
  let server: HttpServer;

  beforeAll(async () => {
    ({ cell, outside } = fixture());
    server = await serve(cell, { port: 0, token: TOKEN, bodyLimit: 4096 });
  });

  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  it('listens on 127.0.0.1 at the port it reports', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists the tools, in our form and in a provider dialect', async () => {
    const ours = (await (await fetch(`${server.url}/tools`, { headers: auth })).json()) as { name: string }[];
    expect(ours.map((tool) => tool.name)).toEqual(['add', 'read_note']);
    const openai = await (await fetch(`${server.url}/tools?dialect=openai`, { headers: auth })).json();
    expect(openai).toMatchObject([
      { tool: 'add', name: 'add', declaration: { type: 'function', name: 'add' } },
      { tool: 'read_note', name: 'read_note', declaration: { type: 'function', name: 'read_note' } },
    ]);
    const text = await (await fetch(`${server.url}/tools/descriptions`, { headers: auth })).text();
    expect(text.split('\n\n')).toHaveLength(2);
  });

  it('calls a registered tool and answers its result', async () => {
    const response = await call(server, 'add', { args: { a: 20, b: 22 }, sessionId: 'calls' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isError: false, text: '42', data: { sum: 42 } });
  });

  it('refuses a path outside the workdir with 200 and path_not_allowed, without running the handler', async () => {
    const response = await call(server, 'read_note', { args: { path: outside }, sessionId: 'refusal' });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { isError: boolean; code: string; text: string };
    expect(result).toMatchObject({ isError: true, code: 'path_not_allowed' });
    expect(result.text).not.toContain('read ');
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'read_note', outcome: 'path_not_allowed', stage: 'sandbox' });
  });

  it('answers an unknown tool with 404 and an oversized body with 413', async () => {
    const unknown = await call(server, 'subtract', { args: {} });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_tool' } });
    const big = await call(server, 'add', { args: { a: 1, b: 2 }, actor: 'x'.repeat(8192) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      error: { code: 'payload_too_large', message: 'the body is larger than the limit of 4096 bytes' },
    });
  });

  it('needs the bearer token', async () => {
    const missing = await call(server, 'add', { args: { a: 1, b: 1 } }, {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="wesgine"');
    const wrong = await fetch(`${server.url}/tools`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: 'unauthorized', message: 'the bearer token is not valid' } });
  });

  it('streams the audit event of a call', async () => {
    const stop = new AbortController();
    const events = await fetch(`${server.url}/events`, { headers: auth, signal: stop.signal });
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const next = sseFrames(events);
    expect(await next()).toBe(': connected');
    await call(server, 'add', { args: { a: 2, b: 2 }, actor: 'streamer', sessionId: 'sse' });
    const frame = await next();
    expect(frame?.split('\n')[0]).toBe('event: audit');
    const data = JSON.parse(frame?.split('\n')[1]?.slice('data: '.length) ?? '');
    expect(data).toMatchObject({ tool: 'add', actor: 'streamer', sessionId: 'sse', outcome: 'ok', source: 'sdk' });
    stop.abort();
  });

  it('carries an approval from the queue to the client and the answer back', async () => {
    const stop = new AbortController();
    const next = sseFrames(await fetch(`${server.url}/events`, { headers: auth, signal: stop.signal }));
    await next();
    const request: ApprovalRequest = {
      id: 'approve-me',
      cellId: cell.id,
      runId: 'run-e2e',
      sessionId: 'e2e',
      actor: 'ann',
      agentId: undefined,
      tool: 'read_note',
      args: { path: outside },
      question: `May read_note read ${outside}?`,
      stage: 'sandbox',
      rule: undefined,
      requestedAt: new Date().toISOString(),
    };
    const answer = cell.approvals().ask(request, AbortSignal.timeout(10_000));
    expect(await next()).toBe(`event: approval\ndata: ${JSON.stringify(request)}`);
    const pending = await (await fetch(`${server.url}/approvals`, { headers: auth })).json();
    expect(pending).toEqual([JSON.parse(JSON.stringify(request))]);
    const decided = await fetch(`${server.url}/approvals/approve-me`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve', scope: 'once' }),
    });
    expect(decided.status).toBe(200);
    expect(await answer).toEqual({ decision: 'approve', scope: 'once' });
    expect(await (await fetch(`${server.url}/approvals`, { headers: auth })).json()).toEqual([]);
    stop.abort();
  });
});

describe('closing the server', () => {
  const watched = ['TCPServerWrap', 'TCPSocketWrap', 'Timeout'];
  const count = () => {
    const active = process.getActiveResourcesInfo();
    return Object.fromEntries(watched.map((kind) => [kind, active.filter((item) => item === kind).length]));
  };

  it('ends open event streams, closes promptly and leaves no open handles', async () => {
    const { cell } = fixture();
    const before = count();
    const server = await serve(cell, { port: 0, auth: 'none' });
    const next = sseFrames(await fetch(`${server.url}/events`));
    expect(await next()).toBe(': connected');
    expect(await (await call(server, 'add', { args: { a: 1, b: 1 } }, {})).json()).toMatchObject({ text: '2' });
    expect(await next()).toMatch(/^event: audit\n/);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await next()).toBeUndefined();
    expect(await fetch(`${server.url}/tools`).catch((error: Error) => error.message)).toBe('fetch failed');
    // The client's sockets see the server's FIN a moment later. Sockets of the tests before may still be
    // closing when `before` is taken, so nothing may be above it (rather than equal to it).
    const above = () => watched.filter((kind) => (count()[kind] ?? 0) > (before[kind] ?? 0));
    for (let tries = 0; tries < 50 && above().length > 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(above()).toEqual([]);
    await cell.stop();
  });
});

describe('a zone that asks, answered over HTTP', () => {
  it('answers 202 with the approval, which a client denies through /approvals; the result is at /calls', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-zone-')));
    const cell = createEngine().createCell({
      workDir: root,
      zone: { version: 1, zone: 'e2e/ask', defaults: { exploration: 'allow', action: 'ask' }, rules: [] },
    });
    cell.tools().register({
      name: 'write_note',
      description: 'Write a note.',
      parameters: Type.Object({ path: Path({ access: 'write' }), text: Type.String() }),
      handler: ({ text }, context) => {
        writeFileSync(context.resolvedPaths.get('/path') ?? '', text);
        return 'written';
      },
    });
    // No token given: serve makes one and keeps it in the cell's data folder.
    const server = await serve(cell, { port: 0 });
    const owner = { authorization: `Bearer ${server.token}` };
    try {
      expect(server.tokenFile).toBe(join(cell.dataDir, 'http-token'));
      const answer = await call(server, 'write_note', { args: { path: 'a.md', text: 'hi' }, sessionId: 'z' }, owner);
      expect(answer.status).toBe(202);
      const waiting = (await answer.json()) as { callId: string; approval: { id: string; answer: string } };
      const pending = (await (await fetch(`${server.url}/approvals`, { headers: owner })).json()) as ApprovalRequest[];
      expect(pending[0]).toMatchObject({ tool: 'write_note', stage: 'zone', sessionId: 'z', args: { path: 'a.md' } });
      expect(waiting.approval).toMatchObject({ id: pending[0]?.id, answer: `POST /approvals/${pending[0]?.id}` });
      const decided = await fetch(`${server.url}/approvals/${waiting.approval.id}`, {
        method: 'POST',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'deny', reason: 'use the drafts folder' }),
      });
      expect(decided.status).toBe(200);
      const result = await fetch(`${server.url}/calls/${waiting.callId}?wait=30`, { headers: owner });
      expect(await result.json()).toEqual({
        isError: true,
        code: 'denied',
        text: 'The call was not approved: use the drafts folder',
      });
    } finally {
      await server.close();
      await cell.stop();
    }
  });
});
