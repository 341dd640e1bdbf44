import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEngine,
  type ModelReply,
  type ModelRequest,
  type ModelToolCall,
  openAiChatClient,
  runAgent,
  scriptedClient,
} from '@wesgine/runtime';
import { defineTool, defineToolPack, ToolError, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { chatCompletionsServer, type ReceivedRequest, type WireCall } from './fixtures/chat-completions-server.js';

// Issue 3, "a minimal agent loop" and "sub-agent as tool": the loop over a real engine and cell, driven by
// the scripted client and by the OpenAI-compatible client against a chat-completions server on loopback.

const readNote = defineTool({
  name: 'read_note',
  description: 'Read a note by name.',
  parameters: Type.Object({ name: Type.String() }),
  meta: { readOnly: true },
});

function setup() {
  const reads: string[] = [];
  const pack = defineToolPack({
    name: 'notes',
    version: '1.0.0',
    tools: [readNote],
    handlers: {
      read_note: ({ name }) => {
        reads.push(name);
        return name === 'plan' ? 'ship on friday' : `no note named ${name}`;
      },
    },
  });
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-agent-e2e-')));
  const cell = createEngine({ tools: pack }).createCell({ workDir });
  cell.tools().register({
    name: 'repo.search',
    description: 'Search the repository.',
    parameters: Type.Object({ query: Type.String() }),
    meta: { readOnly: true },
    handler: ({ query }) => `3 hits for ${query}`,
  });
  cell.tools().register({
    name: 'deploy',
    description: 'Deploy a build.',
    parameters: Type.Object({ build: Type.Integer() }),
    handler: ({ build }) => {
      throw new ToolError('unavailable', `the deploy target refused build ${build}`);
    },
  });
  return { cell, reads };
}

const call = (id: string, name: string, args: unknown): ModelToolCall => ({ id, name, args });
const reply = (text: string, ...toolCalls: ModelToolCall[]): ModelReply => ({ text, toolCalls });

type Received = ReceivedRequest<{
  readonly model: string;
  readonly messages: readonly Record<string, unknown>[];
  readonly tools?: readonly { readonly function: { readonly name: string } }[];
}>;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A chat-completions server on loopback, closed after each test. */
async function modelServer(
  answer: (received: Received, index: number) => { content: string | null; calls?: WireCall[] },
) {
  const server = await chatCompletionsServer(answer);
  servers.push(server);
  return server;
}

describe('agent loop (issue 3)', () => {
  it('scripted client: tool results go back to the model until it answers', async () => {
    const { cell, reads } = setup();
    const client = scriptedClient([
      reply('Reading the plan.', call('c1', 'read_note', { name: 'plan' })),
      (request: ModelRequest) => {
        const last = request.messages.at(-1);
        return reply(last?.role === 'tool' ? `The plan says: ${last.content}.` : 'no result');
      },
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'When do we ship?' });
    expect(result).toMatchObject({ stopped: 'done', turns: 2, text: 'The plan says: ship on friday.' });
    expect(reads).toEqual(['plan']);
    expect(client.requests[0]?.tools.map((tool) => tool.name)).toEqual(['deploy', 'read_note', 'repo.search']);
  });

  it('OpenAI client on loopback: mapped names, JSON arguments, bad arguments reported, results fed back', async () => {
    const { cell } = setup();
    const server = await modelServer((_received, index) =>
      index === 0
        ? {
            content: null,
            calls: [
              { id: 'call_1', name: 'repo_search', arguments: '{"query":"TODO"}' },
              { id: 'call_2', name: 'read_note', arguments: '{"name": plan' },
            ],
          }
        : { content: 'Three TODOs; please resend the note name.' },
    );
    const client = openAiChatClient({ baseUrl: server.baseUrl, apiKey: 'sk-loopback', model: 'local-model' });
    const result = await runAgent({ run: cell.run(), client, prompt: 'Count the TODOs.', system: 'Be exact.' });
    expect(result).toMatchObject({ stopped: 'done', turns: 2, text: 'Three TODOs; please resend the note name.' });

    expect(server.received).toHaveLength(2);
    const [first, second] = server.received;
    expect(first?.authorization).toBe('Bearer sk-loopback');
    expect(first?.body.model).toBe('local-model');
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(['deploy', 'read_note', 'repo_search']);
    expect(first?.body.messages).toEqual([
      { role: 'system', content: 'Be exact.' },
      { role: 'user', content: 'Count the TODOs.' },
    ]);
    expect(second?.body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'repo_search', arguments: '{"query":"TODO"}' } },
          { id: 'call_2', type: 'function', function: { name: 'read_note', arguments: '{"name": plan' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '3 hits for TODO' },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content:
          'Error (invalid_arguments): The arguments are not valid JSON: {"name": plan\nread_note was not run; call it again with its arguments as one JSON object.',
      },
    ]);
    expect(cell.auditLog().map((event) => [event.tool, event.outcome])).toEqual([['repo.search', 'ok']]);
  });

  it('OpenAI client on loopback: the same exploration call five times, the fifth is blocked and the loop stops', async () => {
    const { cell, reads } = setup();
    const server = await modelServer((_received, index) => ({
      content: `try ${index + 1}`,
      calls: [{ id: `call_${index + 1}`, name: 'read_note', arguments: '{"name":"todo"}' }],
    }));
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'loop-model' });
    const result = await runAgent({ run: cell.run(), client, prompt: 'Find the todo note.' });
    expect(result.stopped).toBe('cycle_blocked');
    expect(result.turns).toBe(5);
    expect(server.received).toHaveLength(5);
    expect(reads).toEqual(['todo', 'todo', 'todo', 'todo']);
    // Warnings on the third and fourth call reach the model with the result.
    const fourth = server.received[4]?.body.messages.at(-1);
    expect(fourth).toEqual({
      role: 'tool',
      tool_call_id: 'call_4',
      content:
        'no note named todo\n\nNote: read_note was called with the same arguments 4 times in a row. If the result did not help, change the arguments or the approach.',
    });
    expect(result.messages.at(-1)).toEqual({
      role: 'tool',
      callId: 'call_5',
      name: 'read_note',
      content:
        'Error (cycle_blocked): Not run: read_note was called with the same arguments 5 times in a row. The result will not change; try another approach.',
      isError: true,
    });
  });

  it('OpenAI client on loopback: strict declarations, and a strict answer with nulls runs the tool without them (issue 10)', async () => {
    const { cell } = setup();
    const found: unknown[] = [];
    cell.tools().register({
      name: 'notes.find',
      description: 'Find notes.',
      parameters: Type.Object({
        text: Type.String(),
        limit: Type.Optional(Type.Integer({ minimum: 1 })),
        tags: Type.Optional(Type.Array(Type.String())),
      }),
      meta: { readOnly: true },
      handler: (args) => {
        found.push(args);
        return '2 notes';
      },
    });
    cell.tools().register({
      name: 'notes.tag',
      description: 'Tag notes.',
      parameters: Type.Object({ labels: Type.Record(Type.String(), Type.String()) }),
      handler: () => 'tagged',
    });
    const server = await modelServer((_received, index) =>
      index === 0
        ? {
            content: null,
            calls: [{ id: 'call_1', name: 'notes_find', arguments: '{"text":"garden","limit":null,"tags":null}' }],
          }
        : { content: 'Two notes mention the garden.' },
    );
    const client = openAiChatClient({ baseUrl: server.baseUrl, model: 'strict-model' });
    const result = await runAgent({ run: cell.run(), client, prompt: 'Which notes mention the garden?' });
    expect(result).toMatchObject({ stopped: 'done', text: 'Two notes mention the garden.' });
    expect(found).toEqual([{ text: 'garden' }]);

    const tools = (server.received[0]?.body.tools ?? []) as unknown as {
      function: { name: string; strict: boolean; parameters: { required?: string[] } };
    }[];
    expect(tools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ['deploy', true],
      ['notes_find', true],
      ['notes_tag', false],
      ['read_note', true],
      ['repo_search', true],
    ]);
    expect(tools[1]?.function.parameters.required).toEqual(['text', 'limit', 'tags']);
    // The conversation keeps what the model sent; the audit, what ran.
    expect(server.received[1]?.body.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'notes_find', arguments: '{"text":"garden","limit":null,"tags":null}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '2 notes' },
    ]);
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'notes.find', dialect: 'openai-strict', outcome: 'ok' });
  });

  it('scripted client: three failures with the same code on the same target escalate and stop the loop', async () => {
    const { cell } = setup();
    const client = scriptedClient([
      reply('', call('c1', 'deploy', { build: 1 })),
      reply('', call('c2', 'deploy', { build: 2 })),
      reply('', call('c3', 'deploy', { build: 3 })),
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Deploy.' });
    expect(result.stopped).toBe('escalated');
    expect(result.stoppedBy).toEqual({
      isError: true,
      code: 'unavailable',
      escalated: true,
      text: 'the deploy target refused build 3\n\ndeploy failed 3 times in a row with unavailable on the same target. Stop and ask the user how to go on, or try a different approach.',
    });
    expect(client.requests).toHaveLength(3);
  });

  it('sub-agent as tool: the child sees only the intersected tools and no agent tool at depth 1', async () => {
    const { cell } = setup();
    const childClient = scriptedClient([
      reply('', call('k1', 'repo.search', { query: 'deploy' }), call('k2', 'deploy', { build: 9 })),
      reply('', call('k3', 'researcher', { task: 'recurse' })),
      reply('Found 3 hits; deploy is not mine to call.'),
    ]);
    cell.agents().asTool({
      name: 'researcher',
      description: 'Researches the repository.',
      client: childClient,
      tools: ['repo.search', 'deploy', 'researcher'],
    });
    const server = await modelServer((received, index) =>
      index === 0
        ? {
            content: 'Delegating.',
            calls: [{ id: 'call_1', name: 'researcher', arguments: '{"task":"search for deploy"}' }],
          }
        : { content: `Researcher said: ${String(received.body.messages.at(-1)?.content)}` },
    );
    const parent = cell.run({
      actor: 'ana',
      sessionId: 'chat-1',
      agent: { id: 'lead', tools: ['repo.search', 'researcher'] },
    });
    const result = await runAgent({
      run: parent,
      client: openAiChatClient({ baseUrl: server.baseUrl, model: 'lead-model' }),
      prompt: 'What do we know about deploy?',
    });
    expect(result).toMatchObject({
      stopped: 'done',
      text: 'Researcher said: Found 3 hits; deploy is not mine to call.',
    });
    expect(server.received[0]?.body.tools?.map((tool) => tool.function.name)).toEqual(['repo_search', 'researcher']);
    // deploy: the parent cannot see it; researcher: an agent tool, hidden at depth 1.
    expect(childClient.requests[0]?.tools.map((tool) => tool.name)).toEqual(['repo.search']);
    expect(childClient.requests[1]?.messages.slice(-2)).toEqual([
      { role: 'tool', callId: 'k1', name: 'repo.search', content: '3 hits for deploy' },
      {
        role: 'tool',
        callId: 'k2',
        name: 'deploy',
        content: "Error (unknown_tool): There is no tool named 'deploy'",
        isError: true,
      },
    ]);
    expect(childClient.requests[2]?.messages.at(-1)).toMatchObject({
      content:
        'Error (not_allowed): researcher is not offered here: this sub-agent runs 1 level deep, the most sub-agents may nest, so it cannot hand work on; do the task with the other tools.',
    });
    const childEvents = cell.auditLog().filter((event) => event.agentId === 'researcher');
    expect(childEvents.map((event) => [event.tool, event.outcome, event.actor, event.sessionId])).toEqual([
      ['repo.search', 'ok', 'ana', 'chat-1'],
      ['deploy', 'unknown_tool', 'ana', 'chat-1'],
      ['researcher', 'not_allowed', 'ana', 'chat-1'],
    ]);
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'researcher',
      source: 'agent',
      provenance: 'agent researcher',
    });
  });
});
