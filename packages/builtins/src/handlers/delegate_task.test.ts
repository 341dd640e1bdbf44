import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type ModelReply, scriptedClient } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { builtins } from '../index.js';

const reply = (text: string, ...toolCalls: { id: string; name: string; args: unknown }[]): ModelReply => ({
  text,
  toolCalls,
});

function cell() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-delegate-')));
  writeFileSync(join(work, 'notes.txt'), 'the port is 8080\n');
  return { work, cell: createEngine({ tools: builtins }).createCell({ workDir: work }) };
}

describe('delegate_task', () => {
  it('says no sub-agent is configured when the cell defines none', async () => {
    const { cell: c } = cell();
    expect(await c.run().call('delegate_task', { description: 'Find it', prompt: 'Find the port.' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'No sub-agents are configured for this cell, so the task cannot be delegated; do it yourself.',
    });
  });

  it('runs the general sub-agent on the prompt alone and returns its final answer', async () => {
    const { cell: c } = cell();
    const client = scriptedClient([
      reply('', { id: 'r1', name: 'read', args: { path: 'notes.txt' } }),
      reply('The port is 8080 (notes.txt, line 1).'),
    ]);
    c.agents().define({ name: 'general', description: 'Does anything.', client });
    const result = await c.run({ sessionId: 's' }).call('delegate_task', {
      description: 'Find the port',
      prompt: 'Which port does the service use?',
    });
    expect(result).toMatchObject({
      isError: false,
      text: 'The port is 8080 (notes.txt, line 1).',
      data: { agent: 'general', stopped: 'done', turns: 2 },
    });
    expect(client.requests[0]?.messages).toEqual([{ role: 'user', content: 'Which port does the service use?' }]);
    expect(client.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      name: 'read',
      content: '     1\tthe port is 8080',
    });
  });

  it('gives the sub-agent only the caller’s tools narrowed by its own, and no further delegation', async () => {
    const { cell: c } = cell();
    const client = scriptedClient([
      reply(
        '',
        { id: 'e1', name: 'exec', args: { command: 'echo hi' } },
        { id: 'd1', name: 'delegate_task', args: { description: 'again', prompt: 'recurse', agent: 'reader' } },
      ),
      reply('done'),
    ]);
    c.agents().define({
      name: 'reader',
      description: 'Reads.',
      client,
      tools: ['read', 'exec', 'delegate_task', 'grep'],
    });
    const parent = c.run({ agent: { id: 'lead', tools: ['read', 'grep', 'delegate_task'] } });
    const result = await parent.call('delegate_task', {
      description: 'Read',
      prompt: 'Read notes.txt',
      agent: 'reader',
    });
    expect(result.text).toBe('done');
    // At the depth limit the sub-agent is not offered delegate_task at all.
    expect(client.requests[0]?.tools.map((tool) => tool.name)).toEqual(['grep', 'read']);
    const answers = client.requests[1]?.messages.slice(-2);
    expect(answers?.[0]).toMatchObject({
      name: 'exec',
      isError: true,
      content: expect.stringMatching(/^Error \(unknown_tool\)/),
    });
    expect(answers?.[1]).toMatchObject({
      name: 'delegate_task',
      isError: true,
      content:
        'Error (not_allowed): delegate_task is not offered here: this sub-agent runs 1 level deep, the most sub-agents may nest, so it cannot hand work on; do the task with the other tools.',
    });
  });

  it('applies the sub-agent’s own zone on top of the caller’s', async () => {
    const { cell: c } = cell();
    const client = scriptedClient([
      reply('', { id: 'r1', name: 'read', args: { path: 'notes.txt' } }),
      reply('blocked'),
    ]);
    c.agents().define({
      name: 'general',
      description: 'Reads.',
      client,
      zone: {
        version: 1,
        zone: 'no-notes',
        rules: [{ id: 'deny-notes', effect: 'deny', tools: ['read'], paths: ['**/notes.txt'], reason: 'closed' }],
      },
    });
    await c.run().call('delegate_task', { description: 'Read', prompt: 'Read notes.txt' });
    expect(client.requests[1]?.messages.at(-1)).toMatchObject({
      name: 'read',
      isError: true,
      content: expect.stringMatching(/^Error \(zone_denied\)/),
    });
    expect((await c.run().call('read', { path: 'notes.txt' })).isError).toBe(false);
  });

  it('stops a sub-agent that runs past its time budget', async () => {
    const { cell: c } = cell();
    const slow = {
      async complete(request: { signal?: AbortSignal }) {
        await new Promise((_, reject) =>
          request.signal?.addEventListener('abort', () => reject(request.signal?.reason)),
        );
        return reply('never');
      },
    };
    c.agents().define({ name: 'general', description: 'Slow.', client: slow, timeoutMs: 50 });
    expect(await c.run().call('delegate_task', { description: 'x', prompt: 'y' })).toEqual({
      isError: true,
      code: 'timeout',
      text: 'the sub-agent general did not finish within 50 ms',
    });
  });

  it('names the sub-agents there are when asked for an unknown one', async () => {
    const { cell: c } = cell();
    c.agents().define({ name: 'general', description: 'x', client: scriptedClient([]) });
    c.agents().define({ name: 'tester', description: 'x', client: scriptedClient([]) });
    expect(await c.run().call('delegate_task', { description: 'x', prompt: 'y', agent: 'writer' })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: "There is no sub-agent 'writer'; choose one of: general, tester.",
    });
  });
});
