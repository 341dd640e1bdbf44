import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import {
  type Cell,
  createEngine,
  openAiChatClient,
  runAgent,
  type ScriptedStep,
  scriptedClient,
} from '@wesgine/runtime';
import { type HttpServer, type ListedDeclaration, serve } from '@wesgine/runtime/http';
import { DIALECT_NAMES, type DialectName, exportTool, exportTools, mapToolNames } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeAsProvider } from '../../packages/schema/src/dialects/hard-tools.test.fixture.js';
import { chatCompletionsServer, type WireCall } from './fixtures/chat-completions-server.js';
import { ROUND_TRIP_CASES, roundTripCell } from './fixtures/round-trip-pack.js';

// Issue 10, "dialects both ways": for every dialect, every built-in, every tool of the example pack and
// the schema package's hard schemas, the arguments a provider's model sends (shaped by its rules from the
// tool's schema, and checked to use only the property names its declaration gives) reach the handler as
// the arguments the caller meant: through POST /tools/:name/call on a real socket, called by the name the
// listing gives, and through the agent loop against a chat-completions server.

/**
 * Where `value`'s property names leave the declared schema's, as JSON pointers: a provider's model sees
 * only the declaration, so it sends only names it gives. Unions and tuples are not followed.
 */
function undeclared(schema: unknown, value: unknown, at = ''): string[] {
  const node = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>) : {};
  if (Array.isArray(value)) return value.flatMap((item, index) => undeclared(node.items, item, `${at}/${index}`));
  const properties = node.properties;
  if (typeof value !== 'object' || value === null || typeof properties !== 'object' || properties === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    Object.hasOwn(properties, key)
      ? undeclared((properties as Record<string, unknown>)[key], item, `${at}/${key}`)
      : [`${at}/${key}`],
  );
}

/** Where each dialect's declaration keeps the parameters' schema. */
const PARAMETERS: Readonly<Record<DialectName, string>> = {
  'openai-strict': 'parameters',
  openai: 'parameters',
  anthropic: 'input_schema',
  gemini: 'parameters',
  'gemini-json': 'parametersJsonSchema',
  mcp: 'inputSchema',
};

describe('round trips through POST /tools/:name/call', () => {
  let cell: Cell;
  let server: HttpServer;
  let seen: { tool: string; args: unknown }[];
  let auth: Record<string, string>;
  let sessions = 0;

  beforeAll(async () => {
    ({ cell, seen } = roundTripCell());
    server = await serve(cell, { port: 0 });
    auth = { authorization: `Bearer ${server.token}` };
  });
  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      // A session per call: no call meets another's cycle counts or read ledger.
      body: JSON.stringify({ ...(body as object), sessionId: `s${++sessions}` }),
    });
    return { status: response.status, result: (await response.json()) as Record<string, unknown> };
  };

  it('covers the built-ins, the example pack and the hard schemas', () => {
    const from = (source: string) =>
      new Set(ROUND_TRIP_CASES.filter((item) => item.from === source).map((item) => item.tool.name));
    expect(from('builtins').size).toBe(13);
    expect([...from('example pack')].sort()).toEqual(['notes.clip', 'notes.read', 'notes.search', 'notes.write']);
    expect(from('hard schemas').size).toBe(11);
  });

  it.each(DIALECT_NAMES)(
    '%s: each call, by its listed name, runs the tool with the arguments meant',
    async (dialect) => {
      const listed = (await (
        await fetch(`${server.url}/tools?dialect=${dialect}`, { headers: auth })
      ).json()) as ListedDeclaration[];
      const wrong: unknown[] = [];
      let reshaped = 0;
      for (const [index, { tool, args }] of ROUND_TRIP_CASES.entries()) {
        const entry = listed.find((item) => item.tool === tool.name);
        if (entry === undefined) throw new Error(`${tool.name} is not in the ${dialect} listing`);
        const sent = shapeAsProvider(tool, dialect, args);
        if (JSON.stringify(sent) !== JSON.stringify(args)) reshaped += 1;
        const unknown = undeclared(entry.declaration[PARAMETERS[dialect]], sent);
        if (unknown.length > 0) wrong.push({ tool: tool.name, undeclared: unknown });
        // Half the calls name the dialect in the query, half in the body.
        const { status, result } =
          index % 2 === 0
            ? await post(`/tools/${entry.name}/call?dialect=${dialect}`, { args: sent })
            : await post(`/tools/${entry.name}/call`, { args: sent, dialect });
        const got = seen.at(-1);
        if (status !== 200 || result.isError !== false || got?.tool !== tool.name || !same(got.args, args)) {
          wrong.push({ tool: tool.name, as: entry.name, sent, status, result, got: got?.args });
        }
        seen.length = 0;
      }
      expect(wrong).toEqual([]);
      // The providers that reshape arguments did reshape these (else the round trip proved nothing).
      if (dialect === 'openai-strict') expect(reshaped).toBeGreaterThanOrEqual(40);
      if (dialect === 'gemini') expect(reshaped).toBeGreaterThanOrEqual(8);
      // Anthropic renames only what its pattern forbids: the hard names' '@type'.
      const names = ROUND_TRIP_CASES.filter((item) => item.tool.name === 'hard.names');
      if (dialect === 'anthropic') expect(reshaped).toBe(names.length);
      if (dialect === 'openai' || dialect === 'gemini-json' || dialect === 'mcp') expect(reshaped).toBe(0);
    },
  );

  it('without the dialect, strict-shaped and Gemini-shaped arguments are refused: the decoding is what makes them pass', async () => {
    const hard = ROUND_TRIP_CASES.find((item) => item.tool.name === 'hard.optionals');
    const enums = ROUND_TRIP_CASES.find((item) => item.tool.name === 'hard.enums');
    if (hard === undefined || enums === undefined) throw new Error('the hard tools are missing');
    const strict = exportTool(hard.tool, 'openai-strict');
    const strictArgs = shapeAsProvider(hard.tool, 'openai-strict', hard.args);
    expect(strictArgs).toEqual({
      title: 'a',
      count: null,
      note: null,
      score: null,
      done: null,
      nested: null,
      style: null,
    });
    const refused = await post(`/tools/${strict.name}/call`, { args: strictArgs });
    expect(refused.result).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(refused.result.text).toContain('/count');
    const gemini = exportTool(enums.tool, 'gemini');
    const geminiArgs = shapeAsProvider(enums.tool, 'gemini', enums.args);
    expect(geminiArgs).toEqual({
      level: '1',
      ratio: '0.5',
      flag: 'true',
      always: 'true',
      mixed: 'auto',
      levels: [],
      mode: 'fast',
    });
    const alsoRefused = await post(`/tools/${gemini.name}/call`, { args: geminiArgs });
    expect(alsoRefused.result).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(seen).toEqual([]);
  });

  it('the audit keeps the tool’s own name, the name it was called by and the dialect', async () => {
    await post('/tools/hard_names/call?dialect=openai-strict', {
      args: {
        'output.mode': 'lines',
        output_mode: null,
        'dry-run': null,
        '-A': null,
        '-n': true,
        '2fa': null,
        '@type': 't',
        'x-y.z': null,
        '1st-items': [],
      },
    });
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'hard.names',
      calledAs: 'hard_names',
      dialect: 'openai-strict',
      outcome: 'ok',
    });
    expect(seen.at(-1)).toEqual({
      tool: 'hard.names',
      args: { 'output.mode': 'lines', '-n': true, '@type': 't', '1st-items': [] },
    });
  });
});

/** Equal as JSON data, key order aside. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, sorted(v)]),
  );
}

interface ChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly parameters: unknown; readonly strict: boolean };
}
interface ChatRequest {
  readonly tools?: readonly ChatTool[];
  readonly messages: readonly Record<string, unknown>[];
}
const servers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A chat-completions server on loopback; `answer` gives the n-th reply's text and tool calls. */
async function chatServer(answer: (request: ChatRequest, index: number) => { text: string; calls?: WireCall[] }) {
  const server = await chatCompletionsServer<ChatRequest>(({ body }, index) => {
    const { text, calls = [] } = answer(body, index);
    return calls.length === 0 ? { content: text } : { content: null, calls };
  });
  servers.push(server);
  return {
    baseUrl: server.baseUrl,
    /** The request bodies so far. */
    get received(): ChatRequest[] {
      return server.received.map(({ body }) => body);
    },
  };
}

describe('round trips through the agent loop and the OpenAI client', () => {
  it('declares strict mode where a tool can take it, and every strict-shaped answer runs the tool as meant', async () => {
    const { cell, seen } = roundTripCell();
    const run = cell.run();
    const names = mapToolNames(
      run.tools().map((tool) => tool.name),
      'openai',
    );
    const server = await chatServer((request, index) => {
      const item = ROUND_TRIP_CASES[index];
      if (item === undefined) return { text: 'all done' };
      const name = names.get(item.tool.name) ?? '';
      const declared = request.tools?.find((tool) => tool.function.name === name)?.function;
      if (declared === undefined) throw new Error(`${name} was not declared`);
      // A strict declaration's model fills every field, null for those it leaves out; a loose one's does not.
      const args = declared.strict ? shapeAsProvider(item.tool, 'openai-strict', item.args) : item.args;
      if (undeclared(declared.parameters, args).length > 0) throw new Error(`${name}: undeclared properties`);
      return { text: '', calls: [{ id: `call_${index}`, name, arguments: JSON.stringify(args) }] };
    });
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'round-trip' });
    const result = await runAgent({ run, client, prompt: 'Call each tool.', maxTurns: ROUND_TRIP_CASES.length + 1 });
    expect(result).toMatchObject({ stopped: 'done', text: 'all done', turns: ROUND_TRIP_CASES.length + 1 });

    // What the client declared: strict exactly where the loss report says the tool can take it.
    const declared = server.received[0]?.tools ?? [];
    const expected = run.tools().map((tool) => {
      const strict = exportTool(tool, 'openai-strict').loss.strictCapable;
      return [names.get(tool.name), strict];
    });
    expect(declared.map((tool) => [tool.function.name, tool.function.strict])).toEqual(expected);
    const strictCount = expected.filter(([, strict]) => strict).length;
    expect(strictCount).toBeGreaterThanOrEqual(20);
    expect(expected.length - strictCount).toBeGreaterThanOrEqual(2);

    // Every tool ran with the arguments meant, in order; the model saw no error.
    expect(seen.map((item) => item.tool)).toEqual(ROUND_TRIP_CASES.map((item) => item.tool.name));
    const wrong = ROUND_TRIP_CASES.filter((item, index) => !same(seen[index]?.args, item.args)).map((item, index) => ({
      tool: item.tool.name,
      meant: item.args,
      got: seen[index]?.args,
    }));
    expect(wrong).toEqual([]);
    const errors = result.messages.filter((message) => message.role === 'tool' && message.isError === true);
    expect(errors).toEqual([]);
    // The audit names each call's dialect: strict for the strict-declared tools.
    const strictTools = new Set(expected.filter(([, strict]) => strict).map(([name]) => name));
    for (const event of cell.auditLog().filter((item) => item.runId === run.id)) {
      const provider = names.get(event.tool);
      expect([event.tool, event.dialect]).toEqual([event.tool, strictTools.has(provider) ? 'openai-strict' : 'openai']);
    }
    await cell.stop();
  });
});

describe('round trips through the agent loop, for every dialect', () => {
  // A client for another provider reports its calls as the OpenAI one does: our tool name, the arguments
  // as its model sent them, and the dialect they are in; the loop's run decodes them.
  it.each(DIALECT_NAMES)('%s: each call the client reports runs the tool with the arguments meant', async (dialect) => {
    const { cell, seen } = roundTripCell();
    const run = cell.run();
    const exported = new Map(exportTools(run.tools(), dialect).map((item) => [item.loss.tool, item]));
    const steps: ScriptedStep[] = ROUND_TRIP_CASES.map(({ tool, args }, index) => {
      const declaration = exported.get(tool.name)?.declaration ?? {};
      const sent = shapeAsProvider(tool, dialect, args);
      expect(undeclared(declaration[PARAMETERS[dialect]], sent), tool.name).toEqual([]);
      return { text: '', toolCalls: [{ id: `call_${index}`, name: tool.name, args: sent, dialect }] };
    });
    const client = scriptedClient([...steps, { text: 'all done', toolCalls: [] }]);
    const result = await runAgent({ run, client, prompt: 'Call each tool.', maxTurns: steps.length + 1 });
    expect(result).toMatchObject({ stopped: 'done', text: 'all done' });
    const wrong = ROUND_TRIP_CASES.filter((item, index) => !same(seen[index]?.args, item.args)).map(
      (item) => item.tool.name,
    );
    expect(wrong).toEqual([]);
    expect(seen).toHaveLength(ROUND_TRIP_CASES.length);
    expect(new Set(cell.auditLog().map((event) => event.dialect))).toEqual(new Set([dialect]));
    await cell.stop();
  });
});

describe('the real built-ins, called as providers send', () => {
  it('read and glob run on strict-shaped nulls, over HTTP and through the agent loop', async () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-dialect-builtins-')));
    writeFileSync(join(work, 'config.txt'), 'port = 80\nhost = local\n');
    const cell = createEngine({ tools: builtins }).createCell({ workDir: work });
    const server = await serve(cell, { port: 0 });
    const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    try {
      const read = await fetch(`${server.url}/tools/read/call?dialect=openai-strict`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ args: { path: 'config.txt', offset: null, limit: null } }),
      });
      expect(await read.json()).toEqual({ isError: false, text: '     1\tport = 80\n     2\thost = local' });
      const loose = await fetch(`${server.url}/tools/read/call`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ args: { path: 'config.txt', offset: null, limit: null } }),
      });
      expect(await loose.json()).toMatchObject({ isError: true, code: 'invalid_arguments' });

      const model = await chatServer((request, index) => {
        const strict = request.tools?.find((tool) => tool.function.name === 'glob')?.function.strict;
        if (index > 0 || strict !== true) return { text: index > 0 ? 'found it' : 'glob was not strict' };
        return { text: '', calls: [{ id: 'g', name: 'glob', arguments: '{"pattern":"*.txt","path":null}' }] };
      });
      const result = await runAgent({
        run: cell.run(),
        client: openAiChatClient({ baseUrl: model.baseUrl, model: 'm' }),
        prompt: 'Find the text files.',
      });
      expect(result).toMatchObject({ stopped: 'done', text: 'found it' });
      expect(result.messages.at(-2)).toEqual({
        role: 'tool',
        callId: 'g',
        name: 'glob',
        content: 'Found 1 file matching "*.txt" in the work folder (newest first):\nconfig.txt',
      });
    } finally {
      await server.close();
      await cell.stop();
    }
  });
});
