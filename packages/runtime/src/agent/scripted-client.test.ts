import { defineTool, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from './model-client.js';
import { scriptedClient } from './scripted-client.js';

const look = defineTool({ name: 'look', description: 'Look.', parameters: Type.Object({}) });

describe('scriptedClient', () => {
  it('answers with its steps in order; a function step is given the request', async () => {
    const client = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'look', args: {} }] },
      (request) => ({
        text: `saw ${request.messages.length} messages and ${request.tools.length} tool`,
        toolCalls: [],
      }),
    ]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    expect(await client.complete({ messages, tools: [look] })).toEqual({
      text: '',
      toolCalls: [{ id: 'c1', name: 'look', args: {} }],
    });
    messages.push({ role: 'assistant', content: '' });
    expect(await client.complete({ messages, tools: [look] })).toEqual({
      text: 'saw 2 messages and 1 tool',
      toolCalls: [],
    });
  });

  it('keeps a copy of each request as it arrived', async () => {
    const client = scriptedClient([{ text: 'a', toolCalls: [] }]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    await client.complete({ messages, tools: [] });
    messages.push({ role: 'assistant', content: 'later' });
    expect(client.requests).toEqual([{ messages: [{ role: 'user', content: 'hi' }], tools: [] }]);
  });

  it('says so when the script has no step left', async () => {
    const client = scriptedClient([{ text: 'only', toolCalls: [] }]);
    await client.complete({ messages: [], tools: [] });
    await expect(client.complete({ messages: [], tools: [] })).rejects.toThrow(
      'the scripted client has no step for request 2: its script has 1 step',
    );
    await expect(scriptedClient([]).complete({ messages: [], tools: [] })).rejects.toThrow(
      'the scripted client has no step for request 1: its script has 0 steps',
    );
  });

  it('refuses a request whose signal has fired', async () => {
    const client = scriptedClient([{ text: 'never', toolCalls: [] }]);
    const signal = AbortSignal.abort(new Error('stop now'));
    await expect(client.complete({ messages: [], tools: [], signal })).rejects.toThrow('stop now');
  });
});
