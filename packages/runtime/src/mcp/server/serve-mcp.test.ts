import { mkdtempSync, realpathSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { defineToolPack, ToolError, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../../engine/cell.js';
import type { CellSpec } from '../../engine/cell-spec.js';
import { createEngine } from '../../engine/create-engine.js';
import type { AuditEvent } from '../../pipeline/audit-event.js';
import { CODE_META_KEY } from './call-result.js';
import { type McpServing, serveMcp } from './serve-mcp.js';

const ASK_ACTIONS = {
  version: 1,
  zone: 'test/ask-actions',
  defaults: { exploration: 'allow', action: 'ask' },
  rules: [],
} as const;

const pack = defineToolPack({
  name: 'tier-e',
  version: '1.0.0',
  tools: [],
  handlers: {},
});

/** A cell with tools of each shape the listing and the results care about. */
function testCell(spec: Partial<CellSpec> = {}): Cell {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-')));
  const cell = createEngine({ tools: pack }).createCell({ workDir, ...spec });
  cell.tools().register({
    name: 'add',
    description: 'Add two numbers.',
    parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
    meta: { readOnly: true },
    handler: ({ a, b }) => String(a + b),
  });
  cell.tools().register({
    name: 'notes.stat',
    description: 'Facts about a note.',
    parameters: Type.Object({ name: Type.String() }),
    result: Type.Object({ name: Type.String(), size: Type.Integer() }),
    meta: { readOnly: true },
    handler: ({ name }) => ({ text: `${name}: 3 bytes`, data: { name, size: 3 } }),
  });
  cell.tools().register({
    name: 'count',
    description: 'Count to a number.',
    parameters: Type.Object({ to: Type.Integer() }),
    result: Type.Integer(),
    meta: { category: 'exploration' },
    handler: ({ to }) => ({ text: `counted to ${to}`, data: to }),
  });
  cell.tools().register({
    name: 'erase',
    description: 'Erase a note.',
    parameters: Type.Object({ name: Type.String() }),
    meta: { destructive: true, idempotent: true },
    handler: ({ name }) => `erased ${name}`,
  });
  cell.tools().register({
    name: 'broken',
    description: 'Always fails.',
    parameters: Type.Object({}),
    meta: { readOnly: true },
    handler: () => {
      throw new ToolError('not_found', 'There is no such note; list the notes first.');
    },
  });
  cell.tools().register({
    name: 'slow',
    description: 'Takes its time, saying how far it got, until it is cancelled.',
    parameters: Type.Object({}),
    meta: { readOnly: true },
    handler: async (_args, context) => {
      context.log.info('starting', { steps: 3 });
      context.log.debug('a detail nobody asked for');
      context.progress({ progress: 1, total: 3, message: 'one' });
      context.progress({ progress: 1, total: 3, message: 'one again' });
      context.progress({ progress: 2, total: 3 });
      await new Promise((_resolve, reject) => {
        context.signal.addEventListener('abort', () => {
          slowSaw.push('aborted');
          reject(context.signal.reason);
        });
      });
      return 'never';
    },
  });
  cell.tools().register({
    name: 'choose',
    description: 'Asks the person which colour and which sizes.',
    parameters: Type.Object({}),
    handler: async (_args, context) => {
      if (context.human === undefined) return 'nobody to ask';
      const answers = await context.human.ask(
        [
          { question: 'Which colour?', options: [{ label: 'red' }, { label: 'blue', description: 'the calm one' }] },
          { question: 'Which sizes?', options: [{ label: 'S' }, { label: 'M' }], multiSelect: true },
        ],
        context.signal,
      );
      return JSON.stringify(answers);
    },
  });
  return cell;
}

/** What the `slow` handler saw of its cancellation. */
const slowSaw: string[] = [];

const open: { serving: McpServing; cell: Cell; clients: Client[] }[] = [];

afterEach(async () => {
  for (const { serving, cell, clients } of open.splice(0)) {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await serving.close();
    await cell.stop();
  }
});

async function served(
  spec: Partial<CellSpec> = {},
  options: { token?: string; actorTokens?: { token: string; actor: string }[] } = {},
) {
  const cell = testCell(spec);
  const serving = await serveMcp(cell, { transport: 'http', token: 'owner-token', ...options });
  const entry = { serving, cell, clients: [] as Client[] };
  open.push(entry);
  const connect = async (
    token: string | undefined = 'owner-token',
    capabilities: Record<string, unknown> = {},
    name = 'test-client',
  ) => {
    const client = new Client({ name, version: '1.0.0' }, { capabilities });
    const transport = new StreamableHTTPClientTransport(new URL(serving.url as string), {
      requestInit: { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    entry.clients.push(client);
    return client;
  };
  return { cell, serving, connect };
}

/** A raw request with exactly the headers given. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method, headers, setHost: false }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('serveMcp over Streamable HTTP', () => {
  it('lists the run tools with annotations from their categories and output schemas from result schemas', async () => {
    const { connect, serving } = await served({ extraCategories: { erase: 'action' } });
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe('wesgine-tools');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'broken', 'choose', 'count', 'erase', 'notes.stat', 'slow']);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('add')?.annotations).toEqual({ readOnlyHint: true });
    expect(byName.get('erase')?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.get('add')?.inputSchema).toEqual({
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      additionalProperties: false,
    });
    expect(byName.get('add')?.outputSchema).toBeUndefined();
    expect(byName.get('notes.stat')?.outputSchema).toEqual({
      type: 'object',
      required: ['name', 'size'],
      properties: { name: { type: 'string' }, size: { type: 'integer' } },
    });
    expect(byName.get('count')?.outputSchema).toEqual({
      type: 'object',
      properties: { result: { type: 'integer' } },
      required: ['result'],
    });
  });

  it('offers only the tools named', async () => {
    const cell = testCell();
    const serving = await serveMcp(cell, { transport: 'http', token: 'owner-token', tools: ['add', 'count'] });
    const entry = { serving, cell, clients: [] as Client[] };
    open.push(entry);
    const client = new Client({ name: 'narrow', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serving.url as string), {
        requestInit: { headers: { Authorization: 'Bearer owner-token' } },
      }),
    );
    entry.clients.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'count']);
    expect((await client.callTool({ name: 'erase', arguments: { name: 'x' } }))._meta).toEqual({
      [CODE_META_KEY]: 'unknown_tool',
    });
  });

  it('calls through the pipeline: text, structured content, failures with their codes, as the client', async () => {
    const { connect, cell } = await served();
    const audit: AuditEvent[] = [];
    cell.onAudit((event) => audit.push(event));
    const client = await connect(undefined, {}, 'claude-desktop');
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
      content: [{ type: 'text', text: '5' }],
    });
    expect(await client.callTool({ name: 'notes.stat', arguments: { name: 'a.md' } })).toEqual({
      content: [{ type: 'text', text: 'a.md: 3 bytes' }],
      structuredContent: { name: 'a.md', size: 3 },
    });
    expect(await client.callTool({ name: 'count', arguments: { to: 4 } })).toEqual({
      content: [{ type: 'text', text: 'counted to 4' }],
      structuredContent: { result: 4 },
    });
    expect(await client.callTool({ name: 'broken', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'There is no such note; list the notes first.' }],
      isError: true,
      _meta: { [CODE_META_KEY]: 'not_found' },
    });
    const invalid = await client.callTool({ name: 'add', arguments: { a: 'two' } });
    expect(invalid.isError).toBe(true);
    expect(invalid._meta).toEqual({ [CODE_META_KEY]: 'invalid_arguments' });
    const unknown = await client.callTool({ name: 'ad', arguments: {} });
    expect(unknown).toEqual({
      content: [{ type: 'text', text: "There is no tool named 'ad'; did you mean 'add'?" }],
      isError: true,
      _meta: { [CODE_META_KEY]: 'unknown_tool' },
    });
    expect(audit.map((event) => [event.tool, event.actor, event.outcome])).toEqual([
      ['add', 'claude-desktop', 'ok'],
      ['notes.stat', 'claude-desktop', 'ok'],
      ['count', 'claude-desktop', 'ok'],
      ['broken', 'claude-desktop', 'not_found'],
      ['add', 'claude-desktop', 'invalid_arguments'],
      ['ad', 'claude-desktop', 'unknown_tool'],
    ]);
    // One run per session: every call of the session shares its run and session id.
    expect(new Set(audit.map((event) => event.runId)).size).toBe(1);
    expect(audit[0]?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks the client user through elicitation, and the answer decides the call', async () => {
    const { connect } = await served({ zone: ASK_ACTIONS });
    const client = await connect(undefined, { elicitation: {} });
    const asked: { message: string; schema: unknown }[] = [];
    const answers = [
      { action: 'accept', content: { decision: 'approve' } },
      { action: 'accept', content: { decision: 'deny', reason: 'keep that note' } },
      { action: 'decline' },
    ];
    client.setRequestHandler(ElicitRequestSchema, (elicitation) => {
      const params = elicitation.params as { message: string; requestedSchema: unknown };
      asked.push({ message: params.message, schema: params.requestedSchema });
      return answers.shift() as never;
    });
    expect(await client.callTool({ name: 'erase', arguments: { name: 'a.md' } })).toEqual({
      content: [{ type: 'text', text: 'erased a.md' }],
    });
    expect(asked[0]?.message).toMatch(/^erase needs your approval\. .+\n\nArguments:\n\{\n {2}"name": "a\.md"\n\}$/s);
    expect(asked[0]?.schema).toMatchObject({ type: 'object', required: ['decision'] });
    const denied = await client.callTool({ name: 'erase', arguments: { name: 'b.md' } });
    expect(denied.content).toEqual([{ type: 'text', text: 'The call was not approved: keep that note' }]);
    expect(denied._meta).toEqual({ [CODE_META_KEY]: 'denied' });
    const declined = await client.callTool({ name: 'erase', arguments: { name: 'c.md' } });
    expect(declined.content).toEqual([
      { type: 'text', text: 'The call was not approved: the person declined in the MCP client' },
    ]);
    // Exploration is allowed by the zone: nobody is asked.
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).isError).toBeUndefined();
    expect(asked).toHaveLength(3);
  });

  it('puts a tool question to the client user as a form, own words included', async () => {
    const { connect } = await served();
    const client = await connect(undefined, { elicitation: {} });
    const schemas: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (elicitation) => {
      schemas.push((elicitation.params as { requestedSchema: unknown }).requestedSchema);
      return { action: 'accept', content: { answer_1: 'red', own_1: 'green, really', answer_2: ['S', 'M'] } };
    });
    expect(await client.callTool({ name: 'choose', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify([
            { question: 'Which colour?', answers: ['green, really'] },
            { question: 'Which sizes?', answers: ['S', 'M'] },
          ]),
        },
      ],
    });
    expect(schemas).toEqual([
      {
        type: 'object',
        properties: {
          answer_1: {
            type: 'string',
            title: 'Which colour?',
            description: 'blue: the calm one',
            enum: ['red', 'blue'],
          },
          own_1: {
            type: 'string',
            title: 'Which colour? (or in your own words)',
            description: 'Leave empty to send the choice above.',
          },
          answer_2: { type: 'array', title: 'Which sizes?', minItems: 1, items: { type: 'string', enum: ['S', 'M'] } },
          own_2: {
            type: 'string',
            title: 'Which sizes? (or in your own words)',
            description: 'Leave empty to send the choice above.',
          },
        },
        required: ['answer_1', 'answer_2'],
      },
    ]);
  });

  it('fails a tool question clearly for a client that cannot elicit', async () => {
    const { connect } = await served();
    const client = await connect(undefined, {}, 'plain-client');
    expect(await client.callTool({ name: 'choose', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: 'nobody can answer questions: the MCP client "plain-client" did not declare the elicitation capability, so its user cannot be asked',
        },
      ],
      isError: true,
      _meta: { [CODE_META_KEY]: 'unavailable' },
    });
  });

  it('refuses a session past maxSessions, and DELETE ends one', async () => {
    const cell = testCell();
    const serving = await serveMcp(cell, { transport: 'http', token: 'owner-token', maxSessions: 1 });
    open.push({ serving, cell, clients: [] });
    const url = serving.url as string;
    const headers = {
      host: new URL(url).host,
      authorization: 'Bearer owner-token',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const first = await fetch(url, { method: 'POST', headers, body: INITIALIZE });
    expect(first.status).toBe(200);
    const sessionId = first.headers.get('mcp-session-id') as string;
    await first.body?.cancel();
    const second = await raw(url, 'POST', headers, INITIALIZE);
    expect(second.status).toBe(503);
    expect(JSON.parse(second.body).error.message).toBe(
      '1 MCP sessions are open, the most this server keeps; close one (DELETE with its Mcp-Session-Id) and try again',
    );
    const ended = await raw(url, 'DELETE', {
      ...headers,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(ended.status).toBe(200);
    const third = await fetch(url, { method: 'POST', headers, body: INITIALIZE });
    expect(third.status).toBe(200);
    await third.body?.cancel();
  });

  it('withdraws the question when the call is cancelled, and denies when nobody answers in time', async () => {
    const cell = testCell({ zone: ASK_ACTIONS });
    const serving = await serveMcp(cell, { transport: 'http', token: 'owner-token', humanTimeoutMs: 300 });
    const entry = { serving, cell, clients: [] as Client[] };
    open.push(entry);
    const client = new Client({ name: 'slow-person', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serving.url as string), {
        requestInit: { headers: { Authorization: 'Bearer owner-token' } },
      }),
    );
    entry.clients.push(client);
    const withdrawn: string[] = [];
    let asked = () => {};
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    client.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      asked();
      return new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          withdrawn.push('withdrawn');
          resolve({ action: 'cancel' });
        });
      });
    });
    expect(await client.callTool({ name: 'erase', arguments: { name: 'late.md' } })).toEqual({
      content: [{ type: 'text', text: 'The call was not approved: nobody answered within 300 ms' }],
      isError: true,
      _meta: { [CODE_META_KEY]: 'denied' },
    });
    await wasAsked;
    // (The SDK client ignores a cancellation of request id 0, which this first question had: its
    // withdrawal is only seen for the next one.)

    const cancel = new AbortController();
    const call = client.callTool({ name: 'erase', arguments: { name: 'other.md' } }, undefined, {
      signal: cancel.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    cancel.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => cell.auditLog().length).toBe(2);
    expect(cell.auditLog()[1]).toMatchObject({ tool: 'erase', outcome: 'aborted' });
    await expect.poll(() => withdrawn).toEqual(['withdrawn']);
  });

  it('refuses an approval clearly when the client cannot elicit', async () => {
    const { connect } = await served({ zone: ASK_ACTIONS });
    const client = await connect(undefined, {}, 'plain-client');
    expect(await client.callTool({ name: 'erase', arguments: { name: 'a.md' } })).toEqual({
      content: [
        {
          type: 'text',
          text: 'The approval could not be asked: nobody can approve this call: the MCP client "plain-client" did not declare the elicitation capability, so its user cannot be asked',
        },
      ],
      isError: true,
      _meta: { [CODE_META_KEY]: 'denied' },
    });
  });

  it('tells the client when the cell tools change', async () => {
    const { connect, cell } = await served();
    const client = await connect();
    await client.listTools();
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    cell
      .tools()
      .register({ name: 'later', description: 'Came later.', parameters: Type.Object({}), handler: () => 'hi' });
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('later');
  });

  it('refuses a missing or wrong token, a foreign Host and a foreign Origin before any session', async () => {
    const { serving } = await served();
    const url = serving.url as string;
    const host = new URL(url).host;
    const post = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await raw(url, 'POST', { host, ...post }, INITIALIZE);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toEqual({
      error: { code: 'unauthorized', message: 'this API needs a token: send the header Authorization: Bearer <token>' },
    });
    const wrong = await raw(url, 'POST', { host, authorization: 'Bearer nope', ...post }, INITIALIZE);
    expect(wrong.status).toBe(401);
    const rebound = await raw(
      url,
      'POST',
      { host: 'evil.example:80', authorization: 'Bearer owner-token', ...post },
      INITIALIZE,
    );
    expect(rebound.status).toBe(421);
    const foreign = await raw(
      url,
      'POST',
      { host, origin: 'http://evil.example', authorization: 'Bearer owner-token', ...post },
      INITIALIZE,
    );
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('origin_not_allowed');
    const good = await raw(url, 'POST', { host, authorization: 'Bearer owner-token', ...post }, INITIALIZE);
    expect(good.status).toBe(200);
  });

  it('keeps a session to the token that opened it, and runs an actor token as its actor', async () => {
    const { connect, cell, serving } = await served(
      {},
      { token: 'owner-token', actorTokens: [{ token: 'ann-token', actor: 'ann' }] },
    );
    const audit: AuditEvent[] = [];
    cell.onAudit((event) => audit.push(event));
    const ann = await connect('ann-token', {}, 'pretends-to-be-bob');
    await ann.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(audit[0]?.actor).toBe('ann');
    expect(audit[0]?.sessionId).toMatch(/^ann\//);
    const sessionId = (ann.transport as StreamableHTTPClientTransport).sessionId as string;
    const url = serving.url as string;
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    const headers = {
      host: new URL(url).host,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    };
    const stolen = await raw(url, 'POST', { ...headers, authorization: 'Bearer owner-token' }, list);
    expect(stolen.status).toBe(404);
    expect(JSON.parse(stolen.body).error.message).toBe(
      `there is no MCP session "${sessionId}": it ended or was never opened; start one with initialize`,
    );
  });

  it('sends progress and log lines to the client, and a cancelled request cancels the call', async () => {
    const { connect, cell } = await served();
    const audit: AuditEvent[] = [];
    cell.onAudit((event) => audit.push(event));
    const client = await connect();
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    const progress: unknown[] = [];
    const cancel = new AbortController();
    slowSaw.length = 0;
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, {
      signal: cancel.signal,
      onprogress: (update) => {
        progress.push(update);
        if (update.progress === 2) cancel.abort('enough');
      },
    });
    await expect(call).rejects.toThrow();
    await expect.poll(() => audit.length, { timeout: 10_000 }).toBe(1);
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'one' },
      { progress: 2, total: 3 },
    ]);
    expect(slowSaw).toEqual(['aborted']);
    expect(audit[0]).toMatchObject({ tool: 'slow', outcome: 'aborted' });
    expect(logs).toEqual([{ level: 'info', logger: 'slow', data: { message: 'starting', data: { steps: 3 } } }]);
  });

  it('sends the log lines of the level the client sets', async () => {
    const { connect } = await served();
    const client = await connect();
    await client.setLoggingLevel('debug');
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    const cancel = new AbortController();
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, {
      signal: cancel.signal,
      onprogress: (update) => {
        if (update.progress === 2) cancel.abort('enough');
      },
    });
    await expect(call).rejects.toThrow();
    expect(logs).toEqual([
      { level: 'info', logger: 'slow', data: { message: 'starting', data: { steps: 3 } } },
      { level: 'debug', logger: 'slow', data: 'a detail nobody asked for' },
    ]);
  });

  it('refuses bad options before it listens', async () => {
    const cell = testCell();
    await expect(serveMcp(cell, { transport: 'pigeon' } as never)).rejects.toThrow(
      `serveMcp needs transport 'stdio' or 'http', got "pigeon"`,
    );
    await expect(serveMcp(cell, { transport: 'http', path: 'mcp' })).rejects.toThrow(
      'path must be a URL path such as "/mcp", got "mcp"',
    );
    await expect(serveMcp(cell, { transport: 'stdio', tools: ['ad'] })).rejects.toThrow(
      "agent.tools names 'ad', which no tool of this cell has; did you mean 'add'?",
    );
    await expect(serveMcp(cell, { transport: 'http', allowedHosts: ['http://tools.lan'] })).rejects.toThrow(
      'allowedHosts takes Host values as clients send them, such as "tools.internal:8080", not "http://tools.lan"',
    );
    await expect(serveMcp(cell, { transport: 'http', humanTimeoutMs: 0 })).rejects.toThrow(
      'humanTimeoutMs must be a positive whole number of milliseconds, got 0',
    );
    await cell.stop();
  });
});
