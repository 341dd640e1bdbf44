import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineTool, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelMessage } from './model-client.js';
import { ModelError } from './model-error.js';
import { openAiChatClient } from './openai-chat-client.js';

const look = defineTool({ name: 'look', description: 'Look around.', parameters: Type.Object({}) });
const search = defineTool({
  name: 'repo.search',
  description: 'Search the repository.',
  parameters: Type.Object({ query: Type.String() }),
});

const find = defineTool({
  name: 'notes.find',
  description: 'Find notes.',
  parameters: Type.Object({ text: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
});
// A free-form map: strict mode cannot take it.
const tag = defineTool({
  name: 'tag',
  description: 'Tag a note.',
  parameters: Type.Object({ labels: Type.Record(Type.String(), Type.String()), note: Type.Optional(Type.String()) }),
});

interface Received {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** What the fake server answers: a status and a body (an object is sent as JSON), or nothing at all. */
type Answer = { readonly status?: number; readonly body: unknown } | 'hang';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A real HTTP server on loopback that speaks the chat-completions wire format from a script. */
async function chatServer(...answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method, url: request.url, headers: request.headers, body: JSON.parse(text) });
      const answer = answers[received.length - 1] ?? { status: 500, body: { error: { message: 'script ended' } } };
      if (answer === 'hang') return;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

function completion(message: Record<string, unknown>, usage?: Record<string, number>) {
  return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message }], ...(usage ? { usage } : {}) };
}

describe('openAiChatClient', () => {
  it('posts model, messages and tools with provider-safe names, and reads a text answer', async () => {
    const server = await chatServer({
      body: completion({ role: 'assistant', content: 'Hello.' }, { prompt_tokens: 12, completion_tokens: 3 }),
    });
    const client = openAiChatClient({
      baseUrl: `${server.baseUrl}/`,
      apiKey: 'sk-test-123',
      model: 'gpt-test',
      headers: { 'x-team': 'tools' },
    });
    const reply = await client.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      tools: [look, search],
    });
    expect(reply).toEqual({ text: 'Hello.', toolCalls: [], usage: { inputTokens: 12, outputTokens: 3 } });
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-team']).toBe('tools');
    expect(request?.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'look',
            description: 'Look around.',
            parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
            strict: true,
          },
        },
        {
          type: 'function',
          function: {
            name: 'repo_search',
            description: 'Search the repository.',
            parameters: {
              type: 'object',
              properties: { query: { type: 'string' } },
              required: ['query'],
              additionalProperties: false,
            },
            strict: true,
          },
        },
      ],
    });
  });

  it('maps tool calls back to our names and parses their JSON arguments', async () => {
    const server = await chatServer({
      body: completion({
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'repo_search', arguments: '{"query":"todo"}' } },
          { id: 'call_b', type: 'function', function: { name: 'look', arguments: '' } },
          { id: 'call_c', type: 'function', function: { name: 'invented', arguments: '{}' } },
        ],
      }),
    });
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    const reply = await client.complete({ messages: [{ role: 'user', content: 'find todos' }], tools: [look, search] });
    expect(reply).toEqual({
      text: '',
      toolCalls: [
        { id: 'call_a', name: 'repo.search', args: { query: 'todo' }, dialect: 'openai-strict' },
        { id: 'call_b', name: 'look', args: {}, dialect: 'openai-strict' },
        { id: 'call_c', name: 'invented', args: {}, dialect: 'openai' },
      ],
    });
    expect(server.received[0]?.headers.authorization).toBeUndefined();
  });

  it('declares strict mode for the tools that can take it and the loose dialect for the rest', async () => {
    const server = await chatServer({
      body: completion({
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'notes_find', arguments: '{"text":"x","limit":null}' } },
          { id: 'b', type: 'function', function: { name: 'tag', arguments: '{"labels":{"k":"v"}}' } },
        ],
      }),
    });
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    const reply = await client.complete({ messages: [{ role: 'user', content: 'go' }], tools: [find, tag] });
    const { tools } = (server.received[0]?.body ?? { tools: [] }) as { tools: { function: Record<string, unknown> }[] };
    expect(tools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ['notes_find', true],
      ['tag', false],
    ]);
    // Strict mode: every property required, the optional one nullable.
    expect(tools[0]?.function.parameters).toEqual({
      type: 'object',
      required: ['text', 'limit'],
      properties: { text: { type: 'string' }, limit: { type: ['integer', 'null'], minimum: 1 } },
      additionalProperties: false,
    });
    // The loose dialect keeps the schema as it is: an optional stays optional.
    expect(tools[1]?.function.parameters).toMatchObject({ required: ['labels'] });
    // The arguments stay as sent, with the dialect the run decodes them from.
    expect(reply.toolCalls).toEqual([
      { id: 'a', name: 'notes.find', args: { text: 'x', limit: null }, dialect: 'openai-strict' },
      { id: 'b', name: 'tag', args: { labels: { k: 'v' } }, dialect: 'openai' },
    ]);
  });

  it('keeps arguments nested past the depth limit as the text they came as, and sends that text back', async () => {
    const deep = `{"query":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const server = await chatServer(
      {
        body: completion({
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call_d', type: 'function', function: { name: 'repo_search', arguments: deep } }],
        }),
      },
      { body: completion({ role: 'assistant', content: 'Done.' }) },
    );
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    const messages: ModelMessage[] = [{ role: 'user', content: 'find' }];
    const reply = await client.complete({ messages, tools: [search] });
    const [only] = reply.toolCalls;
    expect(only?.args).toBe(deep);
    expect(only?.argsError).toBe(
      `The arguments for \`repo.search\` are not valid (1 problem):\n- /query/${Array(63).fill('0').join('/')}: is nested more than 64 levels deep; arguments may nest objects and arrays at most 64 levels`,
    );
    messages.push({ role: 'assistant', content: '', toolCalls: reply.toolCalls });
    messages.push({ role: 'tool', callId: 'call_d', name: 'repo.search', content: 'Error (invalid_arguments): ...' });
    expect(await client.complete({ messages, tools: [search] })).toMatchObject({ text: 'Done.' });
    const sent = server.received[1]?.body as { messages: { tool_calls?: { function: { arguments: string } }[] }[] };
    expect(sent.messages[1]?.tool_calls?.[0]?.function.arguments).toBe(deep);
  });

  it('turns arguments that are not JSON into a call with argsError, and sends them back as they came', async () => {
    const server = await chatServer(
      {
        body: completion({
          role: 'assistant',
          content: 'Searching.',
          tool_calls: [
            { id: 'call_x', type: 'function', function: { name: 'repo_search', arguments: '{"query": tod' } },
          ],
        }),
      },
      { body: completion({ role: 'assistant', content: 'Sorry.' }) },
    );
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    const messages: ModelMessage[] = [{ role: 'user', content: 'find todos' }];
    const reply = await client.complete({ messages, tools: [search] });
    expect(reply.toolCalls).toEqual([
      {
        id: 'call_x',
        name: 'repo.search',
        args: '{"query": tod',
        argsError: 'The arguments are not valid JSON: {"query": tod',
      },
    ]);
    messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
    messages.push({ role: 'tool', callId: 'call_x', name: 'repo.search', content: 'Error (invalid_arguments): ...' });
    messages.push({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_y', name: 'repo.search', args: { query: 'x' } }],
    });
    messages.push({ role: 'tool', callId: 'call_y', name: 'repo.search', content: 'nothing' });
    await client.complete({ messages, tools: [search] });
    expect(server.received[1]?.body).toHaveProperty('messages', [
      { role: 'user', content: 'find todos' },
      {
        role: 'assistant',
        content: 'Searching.',
        tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'repo_search', arguments: '{"query": tod' } }],
      },
      { role: 'tool', tool_call_id: 'call_x', content: 'Error (invalid_arguments): ...' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_y', type: 'function', function: { name: 'repo_search', arguments: '{"query":"x"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_y', content: 'nothing' },
    ]);
  });

  it('leaves tools out of the body when there are none', async () => {
    const server = await chatServer({ body: completion({ role: 'assistant', content: 'ok' }) });
    await openAiChatClient({ baseUrl: server.baseUrl, model: 'm' }).complete({ messages: [], tools: [] });
    expect(server.received[0]?.body).toEqual({ model: 'm', messages: [] });
  });

  it('throws a ModelError naming the status and the provider message on 429', async () => {
    const server = await chatServer({
      status: 429,
      body: { error: { message: 'Rate limit reached for gpt-test.', type: 'requests', code: 'rate_limit_exceeded' } },
    });
    const client = openAiChatClient({ baseUrl: server.baseUrl, apiKey: 'sk-secret', model: 'gpt-test' });
    const error = await client.complete({ messages: [], tools: [] }).catch((thrown: unknown) => thrown);
    expect(ModelError.isInstance(error)).toBe(true);
    expect((error as ModelError).status).toBe(429);
    expect((error as ModelError).message).toBe(
      `the model at ${server.baseUrl}/chat/completions answered 429 Too Many Requests: Rate limit reached for gpt-test.`,
    );
  });

  it('never repeats the API key, even when the provider echoes it (401)', async () => {
    const server = await chatServer({
      status: 401,
      body: { error: { message: 'Incorrect API key provided: sk-secret-42.' } },
    });
    const client = openAiChatClient({ baseUrl: server.baseUrl, apiKey: 'sk-secret-42', model: 'm' });
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      `the model at ${server.baseUrl}/chat/completions answered 401 Unauthorized: Incorrect API key provided: [api key].`,
    );
  });

  it('reports a 5xx with a plain-text body, and a 200 whose body is not JSON', async () => {
    const server = await chatServer({ status: 502, body: 'upstream down' }, { status: 200, body: '<html>oops</html>' });
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    const url = `${server.baseUrl}/chat/completions`;
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      `the model at ${url} answered 502 Bad Gateway: upstream down`,
    );
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      `the model at ${url} answered 200 OK with a body that is not JSON: <html>oops</html>`,
    );
  });

  it('reports a JSON answer that is not a chat completion', async () => {
    const server = await chatServer({ body: { data: [] } });
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' });
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      'the model provider answered without choices[0].message; is this a chat-completions API?',
    );
  });

  it('gives up after timeoutMs, and stops when the caller aborts', async () => {
    const server = await chatServer('hang', 'hang');
    const url = `${server.baseUrl}/chat/completions`;
    const slow = openAiChatClient({ baseUrl: server.baseUrl, model: 'm', timeoutMs: 50 });
    await expect(slow.complete({ messages: [], tools: [] })).rejects.toThrow(
      `the model at ${url} did not answer within 50 ms`,
    );
    const controller = new AbortController();
    const pending = openAiChatClient({ baseUrl: server.baseUrl, model: 'm' })
      .complete({ messages: [], tools: [], signal: controller.signal })
      .catch((thrown: unknown) => thrown);
    setTimeout(() => controller.abort(new Error('the user stopped it')), 20);
    const error = await pending;
    expect(ModelError.isInstance(error)).toBe(false);
    expect((error as Error).message).toBe('the user stopped it');
  });

  it('says which address it could not reach', async () => {
    const server = await chatServer();
    await server.close();
    const client = openAiChatClient({ baseUrl: server.baseUrl, apiKey: 'sk-x', model: 'm' });
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      new RegExp(`^could not reach the model at ${server.baseUrl}/chat/completions: connect ECONNREFUSED`),
    );
  });
});
