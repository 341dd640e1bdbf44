import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import type { ModelReply, ModelToolCall } from './model-client.js';
import { runAgent } from './run-agent.js';
import { scriptedClient } from './scripted-client.js';

function setup() {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-agent-')));
  const cell = createEngine().createCell({ workDir });
  const seen: string[] = [];
  cell.tools().register({
    name: 'look',
    description: 'Look at something.',
    parameters: Type.Object({ at: Type.String() }),
    meta: { readOnly: true },
    handler: ({ at }) => {
      seen.push(at);
      return `saw ${at}`;
    },
  });
  cell.tools().register({
    name: 'fetch_item',
    description: 'Fetch an item.',
    parameters: Type.Object({ id: Type.Integer() }),
    handler: ({ id }) => {
      throw new ToolError('not_found', `there is no item ${id}`);
    },
  });
  return { cell, seen };
}

const call = (id: string, name: string, args: unknown): ModelToolCall => ({ id, name, args });
const reply = (text: string, ...toolCalls: ModelToolCall[]): ModelReply => ({ text, toolCalls });

describe('runAgent', () => {
  it('runs the tool calls in order and feeds their results back until the model answers', async () => {
    const { cell, seen } = setup();
    const client = scriptedClient([
      reply('Looking.', call('c1', 'look', { at: 'a' }), call('c2', 'look', { at: 'b' })),
      reply('Both seen.'),
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Look at a and b.', system: 'Be brief.' });
    expect(seen).toEqual(['a', 'b']);
    expect(result).toEqual({
      text: 'Both seen.',
      turns: 2,
      stopped: 'done',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Look at a and b.' },
        {
          role: 'assistant',
          content: 'Looking.',
          toolCalls: [call('c1', 'look', { at: 'a' }), call('c2', 'look', { at: 'b' })],
        },
        { role: 'tool', callId: 'c1', name: 'look', content: 'saw a' },
        { role: 'tool', callId: 'c2', name: 'look', content: 'saw b' },
        { role: 'assistant', content: 'Both seen.' },
      ],
    });
    expect(client.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['fetch_item', 'look'],
      ['fetch_item', 'look'],
    ]);
    expect(client.requests[1]?.messages).toHaveLength(5);
  });

  it('gives a failed call back to the model with its code first, and goes on', async () => {
    const { cell } = setup();
    const client = scriptedClient([
      reply('', call('c1', 'fetch_item', { id: 7 }), call('c2', 'lok', { at: 'a' }), call('c3', 'look', {})),
      reply('Nothing found.'),
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Fetch 7.' });
    expect(result.stopped).toBe('done');
    expect(result.messages.slice(2, 5)).toEqual([
      {
        role: 'tool',
        callId: 'c1',
        name: 'fetch_item',
        content: 'Error (not_found): there is no item 7',
        isError: true,
      },
      {
        role: 'tool',
        callId: 'c2',
        name: 'lok',
        content: "Error (unknown_tool): There is no tool named 'lok'; did you mean 'look'?",
        isError: true,
      },
      {
        role: 'tool',
        callId: 'c3',
        name: 'look',
        content: expect.stringMatching(/^Error \(invalid_arguments\): /),
        isError: true,
      },
    ]);
  });

  it('answers arguments the client could not read with invalid_arguments, without running the tool', async () => {
    const { cell, seen } = setup();
    const broken: ModelToolCall = {
      id: 'c1',
      name: 'look',
      args: '{"at": ',
      argsError: 'The arguments are not valid JSON: {"at": ',
    };
    const client = scriptedClient([reply('', broken), reply('Sorry.')]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Look.' });
    expect(seen).toEqual([]);
    expect(result.messages[2]).toEqual({
      role: 'tool',
      callId: 'c1',
      name: 'look',
      content:
        'Error (invalid_arguments): The arguments are not valid JSON: {"at": \nlook was not run; call it again with its arguments as one JSON object.',
      isError: true,
    });
    expect(result.stopped).toBe('done');
  });

  it('stops when the CycleDetector blocks a call, answering the calls it did not run', async () => {
    const { cell, seen } = setup();
    const same = (id: string) => call(id, 'look', { at: 'a' });
    const client = scriptedClient([reply('', same('c1'), same('c2'), same('c3'), same('c4'), same('c5'), same('c6'))]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Look.' });
    expect(seen).toEqual(['a', 'a', 'a', 'a']);
    expect(result.stopped).toBe('cycle_blocked');
    expect(result.turns).toBe(1);
    expect(result.stoppedBy?.code).toBe('cycle_blocked');
    expect(result.messages.slice(-2)).toEqual([
      {
        role: 'tool',
        callId: 'c5',
        name: 'look',
        content:
          'Error (cycle_blocked): Not run: look was called with the same arguments 5 times in a row. The result will not change; try another approach.',
        isError: true,
      },
      {
        role: 'tool',
        callId: 'c6',
        name: 'look',
        content: 'Not run: the agent loop stopped at an earlier call of the same reply.',
        isError: true,
      },
    ]);
  });

  it('stops when a call escalates: the same failure three times on the same target', async () => {
    const { cell } = setup();
    const client = scriptedClient([
      reply('', call('c1', 'fetch_item', { id: 1 })),
      reply('', call('c2', 'fetch_item', { id: 2 })),
      reply('', call('c3', 'fetch_item', { id: 3 })),
      reply('never asked'),
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Fetch.' });
    expect(result.stopped).toBe('escalated');
    expect(result.turns).toBe(3);
    expect(client.requests).toHaveLength(3);
    expect(result.messages.at(-1)).toEqual({
      role: 'tool',
      callId: 'c3',
      name: 'fetch_item',
      content:
        'Error (not_found): there is no item 3\n\nfetch_item failed 3 times in a row with not_found on the same target. Stop and ask the user how to go on, or try a different approach.',
      isError: true,
    });
  });

  it('stops after maxTurns replies that still want tools', async () => {
    const { cell } = setup();
    const client = scriptedClient([
      reply('first', call('c1', 'look', { at: 'a' })),
      reply('second', call('c2', 'look', { at: 'b' })),
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'Look.', maxTurns: 2 });
    expect(result).toMatchObject({ stopped: 'max_turns', turns: 2, text: 'second' });
    expect(result.messages.at(-1)).toEqual({ role: 'tool', callId: 'c2', name: 'look', content: 'saw b' });
    await expect(runAgent({ run: cell.run(), client, prompt: 'x', maxTurns: 0 })).rejects.toThrow(
      'maxTurns must be a whole number of at least 1, not 0',
    );
  });

  it('reports a client that throws as model_error', async () => {
    const { cell } = setup();
    const result = await runAgent({ run: cell.run(), client: scriptedClient([]), prompt: 'Hi.' });
    expect(result.stopped).toBe('model_error');
    expect(result.turns).toBe(0);
    expect(result.error?.message).toBe('the scripted client has no step for request 1: its script has 0 steps');
  });

  it('stops on abort: before the first request, after a call, and during a call', async () => {
    const { cell } = setup();
    const never = scriptedClient([]);
    const early = await runAgent({ run: cell.run(), client: never, prompt: 'Hi.', signal: AbortSignal.abort() });
    expect(early).toMatchObject({ stopped: 'aborted', turns: 0 });
    expect(never.requests).toEqual([]);

    const controller = new AbortController();
    const stopping = cell.run({
      tools: [
        {
          name: 'stop_me',
          description: 'Stops the loop.',
          parameters: Type.Object({}),
          handler: () => {
            controller.abort();
            return 'stopping';
          },
        },
      ],
    });
    const client = scriptedClient([reply('', call('c1', 'stop_me', {}), call('c2', 'look', { at: 'a' }))]);
    const after = await runAgent({ run: stopping, client, prompt: 'Hi.', signal: controller.signal });
    expect(after.stopped).toBe('aborted');
    expect(after.stoppedBy).toBeUndefined();
    expect(after.messages.slice(-2).map((message) => message.role === 'tool' && message.content)).toEqual([
      'stopping',
      'Not run: the agent loop stopped at an earlier call of the same reply.',
    ]);

    const during = new AbortController();
    const hanging = cell.run({
      signal: during.signal,
      tools: [
        {
          name: 'wait',
          description: 'Waits for ever.',
          parameters: Type.Object({}),
          handler: () => new Promise(() => {}),
        },
      ],
    });
    setTimeout(() => during.abort(), 20);
    const cancelled = await runAgent({
      run: hanging,
      client: scriptedClient([reply('', call('c1', 'wait', {}))]),
      prompt: 'Wait.',
      signal: during.signal,
    });
    expect(cancelled.stopped).toBe('aborted');
    expect(cancelled.stoppedBy).toEqual({ isError: true, code: 'aborted', text: 'wait was cancelled' });
  });

  it('starts with a user turn: streaks from before the prompt do not count', async () => {
    const { cell } = setup();
    const run = cell.run();
    for (let index = 0; index < 4; index++) await run.call('look', { at: 'a' });
    const client = scriptedClient([reply('', call('c1', 'look', { at: 'a' })), reply('Done.')]);
    const result = await runAgent({ run, client, prompt: 'Look again.' });
    expect(result.messages[2]).toEqual({ role: 'tool', callId: 'c1', name: 'look', content: 'saw a' });
  });
});
