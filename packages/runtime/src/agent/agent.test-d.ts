import { describe, expectTypeOf, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import type { ModelMessage, ModelReply } from './model-client.js';
import { type AgentStop, runAgent } from './run-agent.js';
import { scriptedClient } from './scripted-client.js';

describe('agent loop types', () => {
  it('narrows a message by its role', () => {
    const message = {} as ModelMessage;
    if (message.role === 'tool') expectTypeOf(message.callId).toEqualTypeOf<string>();
    if (message.role === 'assistant')
      expectTypeOf(message.toolCalls).toEqualTypeOf<ModelReply['toolCalls'] | undefined>();
    // @ts-expect-error a user message has no tool calls
    if (message.role === 'user') message.toolCalls;
  });

  it('returns the stop reason as a closed union', () => {
    const run = createEngine().createCell({ workDir: '/tmp' }).run();
    const result = runAgent({ run, client: scriptedClient([]), prompt: 'hi' });
    expectTypeOf(result).resolves.toHaveProperty('stopped').toEqualTypeOf<AgentStop>();
    expectTypeOf<AgentStop>().toEqualTypeOf<
      'done' | 'max_turns' | 'cycle_blocked' | 'escalated' | 'aborted' | 'model_error'
    >();
  });

  it('takes replies or functions of the request as script steps', () => {
    scriptedClient([
      { text: 'a', toolCalls: [] },
      (request) => ({ text: `${request.messages.length}`, toolCalls: [] }),
    ]);
    // @ts-expect-error a step needs its tool calls, even when there are none
    scriptedClient([{ text: 'a' }]);
  });

  it('types a sub-agent tool config', () => {
    const cell = createEngine().createCell({ workDir: '/tmp' });
    cell.agents().asTool({ name: 'helper', description: 'Helps.', client: scriptedClient([]), tools: ['look'] });
    // @ts-expect-error a sub-agent needs a model client
    cell.agents().asTool({ name: 'helper', description: 'Helps.' });
  });
});
