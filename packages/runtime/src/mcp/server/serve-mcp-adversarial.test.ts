import { mkdtempSync, realpathSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../../engine/cell.js';
import type { CellSpec } from '../../engine/cell-spec.js';
import { createEngine } from '../../engine/create-engine.js';
import type { AuditEvent } from '../../pipeline/audit-event.js';
import { type McpServing, serveMcp } from './serve-mcp.js';

// Attacks on the MCP server as a hostile or sloppy client would make them: raw HTTP for what a client
// library would not send, raw stdio lines, and the SDK client for the rest.

const ASK_ACTIONS = {
  version: 1,
  zone: 'test/ask-actions',
  defaults: { exploration: 'allow', action: 'ask' },
  rules: [],
} as const;

function testCell(spec: Partial<CellSpec> = {}): Cell {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-adv-')));
  const cell = createEngine().createCell({ workDir, ...spec });
  cell.tools().register({
    name: 'add',
    description: 'Add two numbers.',
    parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
    meta: { readOnly: true },
    handler: ({ a, b }) => String(a + b),
  });
  cell.tools().register({
    name: 'count',
    description: 'Count to a number.',
    parameters: Type.Object({ to: Type.Integer() }),
    result: Type.Integer(),
    meta: { readOnly: true },
    handler: ({ to }) => ({ text: `counted to ${to}`, data: to }),
  });
  cell.tools().register({
    name: 'liar',
    description: 'Promises a count and returns words.',
    parameters: Type.Object({}),
    result: Type.Object({ n: Type.Integer() }),
    meta: { readOnly: true },
    handler: () => ({ text: 'n is many', data: { n: 'many' } as never }),
  });
  cell.tools().register({
    name: 'erase',
    description: 'Erase a note.',
    parameters: Type.Object({ name: Type.String() }),
    meta: { destructive: true },
    handler: ({ name }) => `erased ${name}`,
  });
  return cell;
}

const open: { serving: McpServing; cell: Cell; clients: Client[] }[] = [];
afterEach(async () => {
  for (const { serving, cell, clients } of open.splice(0)) {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await serving.close();
    await cell.stop();
  }
});

async function served(spec: Partial<CellSpec> = {}, options: Record<string, unknown> = {}) {
  const cell = testCell(spec);
  const serving = await serveMcp(cell, { transport: 'http', token: 'owner-token', ...options });
  const entry = { serving, cell, clients: [] as Client[] };
  open.push(entry);
  const connect = async (token: string, name: string, capabilities: Record<string, unknown> = {}) => {
    const client = new Client({ name, version: '1.0.0' }, { capabilities });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serving.url as string), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    entry.clients.push(client);
    return client;
  };
  return { cell, serving, connect, url: serving.url as string, host: new URL(serving.url as string).host };
}

/** A raw request with exactly the headers given, on a fresh connection. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string; sessionId: string | undefined }>((resolve, reject) => {
    const outgoing = request(url, { method, headers, setHost: false, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: text,
          sessionId: response.headers['mcp-session-id'] as string | undefined,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The one JSON-RPC message of a JSON or event-stream answer. */
function message(body: string): Record<string, unknown> {
  const data = body.startsWith('event:') ? /^data: (.*)$/m.exec(body)?.[1] : body;
  return JSON.parse(data as string);
}

const initialize = (id: number, name = 'raw') =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } },
  });

describe('serveMcp over HTTP, attacked', () => {
  it('answers what is no single good request with a clear error and opens no session', async () => {
    const { url, host } = await served({}, { bodyLimit: 4096 });
    const post = {
      host,
      authorization: 'Bearer owner-token',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const { authorization: _, ...noToken } = post;
    const inQuery = await raw(`${url}?token=owner-token&access_token=owner-token`, 'POST', noToken, initialize(1));
    expect(inQuery.status).toBe(401);
    const badJson = await raw(url, 'POST', post, '{"jsonrpc":');
    expect([badJson.status, message(badJson.body)]).toEqual([
      400,
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null },
    ]);
    const notRpc = await raw(url, 'POST', post, '[1, "two"]');
    expect(notRpc.status).toBe(400);
    const batchOfInits = await raw(url, 'POST', post, `[${initialize(1)},${initialize(2)}]`);
    expect([batchOfInits.status, (message(batchOfInits.body).error as { code: number }).code]).toEqual([400, -32600]);
    const asText = await raw(url, 'POST', { ...post, 'content-type': 'text/plain' }, initialize(1));
    expect(asText.status).toBe(415);
    const asForm = await raw(url, 'POST', { ...post, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    expect(asForm.status).toBe(415);
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(10_000) } });
    expect((await raw(url, 'POST', post, huge)).status).toBe(413);
    expect((await raw(url, 'POST', { ...post, 'transfer-encoding': 'chunked' }, huge)).status).toBe(413);
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const answer = await raw(url, method, post, method === 'PUT' ? initialize(1) : undefined);
      expect([method, answer.status, answer.sessionId]).toEqual([method, 400, undefined]);
      expect((message(answer.body).error as { message: string }).message).toBe(
        'the request names no session (no Mcp-Session-Id header); open one with an initialize POST first',
      );
    }
    const before = await raw(url, 'POST', post, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect([before.status, before.sessionId]).toEqual([400, undefined]);
    // None of these took a session: all three allowed by maxSessions 3 below still open.
  });

  it('refuses a session id of another token, a Host rebinding and an Origin of another site inside a session', async () => {
    const { url, host } = await served({}, { actorTokens: [{ token: 'ann-token', actor: 'ann' }] });
    const post = { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await raw(url, 'POST', { ...post, authorization: 'Bearer ann-token' }, initialize(1));
    expect(opened.status).toBe(200);
    const session = { 'mcp-session-id': opened.sessionId as string, 'mcp-protocol-version': '2025-06-18' };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const asOwner = await raw(url, 'POST', { ...post, ...session, authorization: 'Bearer owner-token' }, list);
    expect(asOwner.status).toBe(404);
    const asNobody = await raw(url, 'POST', { ...post, ...session }, list);
    expect(asNobody.status).toBe(401);
    const rebound = await raw(
      url,
      'POST',
      { ...post, ...session, host: 'attacker.example', authorization: 'Bearer ann-token' },
      list,
    );
    expect(rebound.status).toBe(421);
    const foreign = await raw(
      url,
      'POST',
      { ...post, ...session, origin: 'https://attacker.example', authorization: 'Bearer ann-token' },
      list,
    );
    expect(foreign.status).toBe(403);
    const deleted = await raw(url, 'DELETE', { ...post, ...session, authorization: 'Bearer owner-token' });
    expect(deleted.status).toBe(404);
    const own = await raw(url, 'POST', { ...post, ...session, authorization: 'Bearer ann-token' }, list);
    expect(own.status).toBe(200);
  });

  it('answers tools/call params of the wrong shape with a sentence, not a schema dump', async () => {
    const { url, host } = await served();
    const post = {
      host,
      authorization: 'Bearer owner-token',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const opened = await raw(url, 'POST', post, initialize(1));
    const session = { ...post, 'mcp-session-id': opened.sessionId as string, 'mcp-protocol-version': '2025-06-18' };
    const call = async (id: number, params: unknown, method = 'tools/call') =>
      message((await raw(url, 'POST', session, JSON.stringify({ jsonrpc: '2.0', id, method, params }))).body);
    expect(await call(2, { name: 5 })).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'tools/call needs params.name, the name of a tool as a string, got a number' },
    });
    expect(await call(3, { arguments: {} })).toMatchObject({
      error: { code: -32602, message: 'tools/call needs params.name, the name of a tool as a string, got none' },
    });
    expect(await call(4, { name: 'add', arguments: [1, 2] })).toMatchObject({
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'The arguments for `add` are not valid (1 problem):\n- (arguments): must be an object, got an array of 2 items',
          },
        ],
        _meta: { 'wesgine/code': 'invalid_arguments' },
      },
    });
    expect(await call(5, { name: 'add', arguments: 'a=1' })).toMatchObject({
      result: { isError: true, _meta: { 'wesgine/code': 'invalid_arguments' } },
    });
    expect(await call(6, { name: 'nope', arguments: {} })).toMatchObject({
      result: { isError: true, _meta: { 'wesgine/code': 'unknown_tool' } },
    });
    expect(await call(7, {}, 'resources/list')).toMatchObject({ error: { code: -32601, message: 'Method not found' } });
    // A tool whose result is no object: structuredContent wraps it as its outputSchema says.
    // A progress token of a type MCP has no place for is a message the transport cannot read.
    expect(await call(10, { name: 'count', arguments: { to: 3 }, _meta: { progressToken: { x: 1 } } })).toMatchObject({
      error: { code: -32700 },
    });
    expect(await call(8, { name: 'count', arguments: { to: 3 }, _meta: { progressToken: 'p1' } })).toMatchObject({
      result: { structuredContent: { result: 3 }, content: [{ type: 'text', text: 'counted to 3' }] },
    });
    // A cancellation of an id nobody sent, and a stray response, change nothing.
    const stray = [
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 999, reason: 'x' } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} },
      { jsonrpc: '2.0', id: 12345, result: {} },
    ];
    for (const sent of stray) expect((await raw(url, 'POST', session, JSON.stringify(sent))).status).toBe(202);
    expect(await call(9, { name: 'add', arguments: { a: 1, b: 2 } })).toMatchObject({
      result: { content: [{ type: 'text', text: '3' }] },
    });
  });

  it('fails a call whose data breaks its result schema, rather than send what the client throws away', async () => {
    const { connect } = await served();
    const client = await connect('owner-token', 'strict');
    expect(await client.callTool({ name: 'liar', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: 'liar returned data its result schema does not allow:\n- /n: must be an integer, got "many" (a string)\nThe text it returned was:\nn is many',
        },
      ],
      isError: true,
      _meta: { 'wesgine/code': 'handler_failed' },
    });
  });

  it('keeps an actor token to its actor whatever the client calls itself, and runs the owner as the named client', async () => {
    const { connect, cell } = await served(
      {},
      { actor: 'configured', actorTokens: [{ token: 'ann-token', actor: 'ann' }], token: 'owner-token' },
    );
    const audit: AuditEvent[] = [];
    cell.onAudit((event) => audit.push(event));
    const ann = await connect('ann-token', 'bob');
    await ann.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    const owner = await connect('owner-token', 'claude-desktop');
    await owner.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    expect(audit.map((event) => event.actor)).toEqual(['ann', 'configured']);
  });

  it('runs an owner-token client without an actor option as the name it declared', async () => {
    const { connect, cell } = await served();
    const owner = await connect('owner-token', 'claude-desktop');
    await owner.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    expect(cell.auditLog().map((event) => event.actor)).toEqual(['claude-desktop']);
  });

  it('keeps a declared client name to one short line as the actor, and names an empty one mcp-client', async () => {
    const { connect, cell } = await served();
    for (const name of ['', '  ', 'two\nlines\u0007', 'n'.repeat(5000)]) {
      const client = await connect('owner-token', name);
      await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    }
    expect(cell.auditLog().map((event) => event.actor)).toEqual([
      'mcp-client',
      'mcp-client',
      'two lines',
      'n'.repeat(100),
    ]);
  });

  it('refuses sessions past maxSessions, counting none of the failed opens', async () => {
    const { url, host } = await served({}, { maxSessions: 2 });
    const post = {
      host,
      authorization: 'Bearer owner-token',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    for (let index = 0; index < 5; index++) expect((await raw(url, 'POST', post, '{')).status).toBe(400);
    expect((await raw(url, 'POST', post, initialize(1))).status).toBe(200);
    expect((await raw(url, 'POST', post, initialize(1))).status).toBe(200);
    const third = await raw(url, 'POST', post, initialize(1));
    expect(third.status).toBe(503);
    expect((message(third.body).error as { message: string }).message).toBe(
      '2 MCP sessions are open, the most this server keeps; close one (DELETE with its Mcp-Session-Id) and try again',
    );
  });

  it('keeps maxSessions when many initialize requests arrive at once, their bodies slowly', async () => {
    const { url, host } = await served({}, { maxSessions: 2 });
    const body = initialize(1);
    const slow = () =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              host,
              authorization: 'Bearer owner-token',
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        outgoing.on('error', reject);
        outgoing.write(body.slice(0, 10));
        setTimeout(() => outgoing.end(body.slice(10)), 300);
      });
    const statuses = await Promise.all(Array.from({ length: 6 }, slow));
    expect(statuses.sort()).toEqual([200, 200, 503, 503, 503, 503]);
  });

  it('keeps a session with a call under way open past idleTimeoutMs, and closes it once idle', async () => {
    const { connect, cell, url, host } = await served({}, { idleTimeoutMs: 200 });
    cell.tools().register({
      name: 'slow',
      description: 'Takes a second.',
      parameters: Type.Object({}),
      meta: { readOnly: true },
      handler: () => new Promise((resolve) => setTimeout(() => resolve('done'), 1000)),
    });
    const client = await connect('owner-token', 'patient');
    expect(await client.callTool({ name: 'slow', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'done' }],
    });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    const headers = {
      host,
      authorization: 'Bearer owner-token',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 50, method: 'tools/list' });
    // Unused for several sweeps (every 200 ms here), it is closed; asking sooner would keep it in use.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await raw(url, 'POST', headers, list)).status).toBe(404);
  });

  it('tells the client when an SDK tool is unregistered, and the tool is gone for its calls', async () => {
    const { connect, cell } = await served();
    const client = await connect('owner-token', 'watcher');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('erase');
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    expect(cell.tools().unregister('erase')).toBe(true);
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'count', 'liar']);
    const gone = await client.callTool({ name: 'erase', arguments: { name: 'a.md' } });
    expect(gone).toMatchObject({ isError: true, _meta: { 'wesgine/code': 'unknown_tool' } });
  });

  it('fails an approval whose answer does not fit the form, and denies one never answered', async () => {
    const { connect, cell } = await served({ zone: ASK_ACTIONS }, { humanTimeoutMs: 300 });
    const client = await connect('owner-token', 'sloppy', { elicitation: {} });
    const answers: unknown[] = [{ action: 'accept', content: { decision: 'maybe' } }];
    client.setRequestHandler(ElicitRequestSchema, () => {
      const answer = answers.shift();
      return answer === undefined ? new Promise(() => {}) : (answer as never);
    });
    const odd = await client.callTool({ name: 'erase', arguments: { name: 'a.md' } });
    expect(odd.content).toEqual([
      {
        type: 'text',
        text: 'The call was not approved: the MCP client answered with something the form does not allow',
      },
    ]);
    const silent = await client.callTool({ name: 'erase', arguments: { name: 'b.md' } });
    expect(silent.content).toEqual([
      { type: 'text', text: 'The call was not approved: nobody answered within 300 ms' },
    ]);
    expect(cell.auditLog().filter((event) => event.outcome === 'ok')).toEqual([]);
    for (const result of [odd, silent]) expect(JSON.stringify(result)).not.toMatch(/\n\s+at |node_modules|\/src\//);
  });
});

describe('serveMcp over stdio, attacked', () => {
  it('survives garbage lines, refuses a request before initialize, and keeps the client name as actor', async () => {
    const cell = testCell();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const serving = await serveMcp(cell, { transport: 'stdio', stdin, stdout });
    const answers: Record<string, unknown>[] = [];
    let pending = '';
    stdout.on('data', (chunk: Buffer) => {
      pending += chunk;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        answers.push(JSON.parse(pending.slice(0, end)));
        pending = pending.slice(end + 1);
      }
    });
    const send = (line: unknown) => stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    send('this is not JSON');
    send('{"jsonrpc":"2.0","id":');
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } });
    send({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(2_000_000) } });
    send(initialize(3, 'late-client'));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } });
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(4);
    expect(answers[0]).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'the session is not initialized: send initialize first' },
    });
    expect(answers.find((answer) => answer.id === 4)).toMatchObject({ result: { content: [{ text: '3' }] } });
    expect(cell.auditLog().map((event) => [event.tool, event.actor])).toEqual([['add', 'late-client']]);
    await serving.close();
    await cell.stop();
  });
});
