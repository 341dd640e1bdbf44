import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import type { ModelReply, ModelRequest, ModelToolCall } from './model-client.js';
import { scriptedClient } from './scripted-client.js';

const call = (id: string, name: string, args: unknown): ModelToolCall => ({ id, name, args });
const reply = (text: string, ...toolCalls: ModelToolCall[]): ModelReply => ({ text, toolCalls });
const names = (request: ModelRequest | undefined) => request?.tools.map((tool) => tool.name);
/** The content of the last message of a request (the result of the call before it). */
const lastContent = (request: ModelRequest | undefined) => {
  const last = request?.messages.at(-1);
  return last?.role === 'tool' ? last.content : undefined;
};

function setup() {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-subagent-')));
  const cell = createEngine().createCell({ workDir });
  for (const name of ['look', 'write', 'secret']) {
    cell.tools().register({
      name,
      description: `${name}.`,
      parameters: Type.Object({}),
      meta: { readOnly: name === 'look' },
      handler: () => `${name} done`,
    });
  }
  return cell;
}

describe('cell.agents().asTool', () => {
  it('registers a { task } tool of source agent whose child sees the caller’s tools narrowed by its config', async () => {
    const cell = setup();
    const child = scriptedClient([reply('', call('k1', 'look', {}), call('k2', 'secret', {})), reply('Found it.')]);
    cell.agents().asTool({
      name: 'helper',
      description: 'Delegates a search.',
      client: child,
      system: 'You help.',
      tools: ['look', 'secret', 'helper'],
    });
    const parent = cell.run({
      actor: 'ana',
      sessionId: 's1',
      agent: { id: 'main', tools: ['look', 'write', 'helper'] },
    });
    expect(parent.tools().find((tool) => tool.name === 'helper')?.parameters).toMatchObject({
      type: 'object',
      required: ['task'],
      properties: { task: { type: 'string', minLength: 1 } },
    });

    const result = await parent.call('helper', { task: 'find it' });
    expect(result).toEqual({
      isError: false,
      text: 'Found it.',
      data: { turns: 2, stopped: 'done', runId: expect.any(String) },
    });
    const childRunId = (result.data as { runId: string }).runId;
    expect(childRunId).not.toBe(parent.id);
    // 'secret' is hidden from the caller, 'helper' is an agent tool at depth 1.
    expect(names(child.requests[0])).toEqual(['look']);
    expect(child.requests[0]?.messages.slice(0, 2)).toEqual([
      { role: 'system', content: 'You help.' },
      { role: 'user', content: 'find it' },
    ]);
    expect(lastContent(child.requests[1])).toBe("Error (unknown_tool): There is no tool named 'secret'");

    const events = cell.auditLog().map(({ tool, runId, agentId, actor, sessionId, source, provenance, outcome }) => ({
      tool,
      run: runId === parent.id ? 'parent' : runId === childRunId ? 'child' : runId,
      agentId,
      actor,
      sessionId,
      source,
      provenance,
      outcome,
    }));
    expect(events).toEqual([
      {
        tool: 'look',
        run: 'child',
        agentId: 'helper',
        actor: 'ana',
        sessionId: 's1',
        source: 'sdk',
        provenance: `cell ${cell.id}`,
        outcome: 'ok',
      },
      {
        tool: 'secret',
        run: 'child',
        agentId: 'helper',
        actor: 'ana',
        sessionId: 's1',
        source: undefined,
        provenance: undefined,
        outcome: 'unknown_tool',
      },
      {
        tool: 'helper',
        run: 'parent',
        agentId: 'main',
        actor: 'ana',
        sessionId: 's1',
        source: 'agent',
        provenance: 'agent helper',
        outcome: 'ok',
      },
    ]);
  });

  it('hides sub-agent tools from a child at depth 1, and maxDepth 2 allows one more level but never more', async () => {
    const cell = setup();
    const inner = scriptedClient([reply('inner done')]);
    const outer = scriptedClient([reply('', call('k1', 'inner', { task: 'go deeper' })), reply('outer done')]);
    const flat = scriptedClient([reply('', call('k1', 'inner', { task: 'try' })), reply('flat done')]);
    cell.agents().asTool({ name: 'inner', description: 'Inner.', client: inner, maxDepth: 5 });
    cell.agents().asTool({ name: 'outer', description: 'Outer.', client: outer, maxDepth: 2 });
    cell.agents().asTool({ name: 'flat', description: 'Flat.', client: flat });

    const parent = cell.run();
    expect(await parent.call('flat', { task: 't' })).toMatchObject({ isError: false, text: 'flat done' });
    expect(names(flat.requests[0])).toEqual(['look', 'secret', 'write']);
    expect(lastContent(flat.requests[1])).toBe(
      'Error (not_allowed): inner is not offered here: this sub-agent runs 1 level deep, the most sub-agents may nest, so it cannot hand work on; do the task with the other tools.',
    );

    expect(await parent.call('outer', { task: 't' })).toMatchObject({ isError: false, text: 'outer done' });
    expect(names(outer.requests[0])).toEqual(['flat', 'inner', 'look', 'outer', 'secret', 'write']);
    expect(lastContent(outer.requests[1])).toBe('inner done');
    // inner allows 5 levels, but outer allowed 2: the grandchild at depth 2 sees no sub-agent tools.
    expect(names(inner.requests[0])).toEqual(['look', 'secret', 'write']);
  });

  it('refuses a task when the sub-agent names a tool the cell does not have, and resolves aliases', async () => {
    const cell = setup();
    const child = scriptedClient([reply('never')]);
    cell.agents().asTool({ name: 'helper', description: 'Helps.', client: child, tools: ['look', 'lok', 'ghost'] });
    expect(await cell.run().call('helper', { task: 't' })).toEqual({
      isError: true,
      code: 'invalid_definition',
      text: "the tools of sub-agent helper names 'lok', which no tool of this cell has; did you mean 'look'? A tool that arrives later (an MCP server, a plugin) can only be named once it is there.",
    });
    expect(child.requests).toEqual([]);
  });

  it('passes the caller’s own run tools on when they are in the intersection', async () => {
    const cell = setup();
    const child = scriptedClient([reply('', call('k1', 'scratch', {})), reply('ok')]);
    cell.agents().asTool({ name: 'helper', description: 'Helps.', client: child, tools: ['scratch', 'look'] });
    const scratch = {
      name: 'scratch',
      description: 'Scratch.',
      parameters: Type.Object({}),
      handler: () => 'scratched',
    };
    await cell.run({ tools: [scratch] }).call('helper', { task: 't' });
    expect(names(child.requests[0])).toEqual(['look', 'scratch']);
    expect(lastContent(child.requests[1])).toBe('scratched');
  });

  it('says when the sub-agent stopped short of an answer, and turns a model failure into unavailable', async () => {
    const cell = setup();
    const busy = scriptedClient([reply('Still looking.', call('k1', 'look', {}))]);
    cell.agents().asTool({ name: 'busy', description: 'Busy.', client: busy, maxTurns: 1 });
    cell.agents().asTool({ name: 'mute', description: 'Mute.', client: scriptedClient([]) });
    const run = cell.run();
    expect(await run.call('busy', { task: 't' })).toEqual({
      isError: false,
      text: 'The sub-agent busy ran out of turns before it finished (after 1 turn).\n\nStill looking.',
      data: { turns: 1, stopped: 'max_turns', runId: expect.any(String) },
    });
    expect(await run.call('mute', { task: 't' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'mute could not get an answer from its model: the scripted client has no step for request 1: its script has 0 steps',
    });
  });

  it('refuses a bad maxDepth and a taken name, and validates the task', async () => {
    const cell = setup();
    const client = scriptedClient([]);
    expect(() => cell.agents().asTool({ name: 'a', description: 'A.', client, maxDepth: 0 })).toThrow(
      "maxDepth of 'a' must be a whole number of at least 1, not 0",
    );
    expect(() => cell.agents().asTool({ name: 'look', description: 'A.', client })).toThrow(
      "'look' is registered already; unregister it first",
    );
    cell.agents().asTool({ name: 'helper', description: 'Helps.', client });
    expect(await cell.run().call('helper', { task: '' })).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(client.requests).toEqual([]);
    expect(cell.tools().unregister('helper')).toBe(true);
  });

  it('finds a live run of the cell by id', () => {
    const cell = setup();
    const run = cell.run();
    expect(cell.findRun(run.id)).toBe(run);
    expect(cell.findRun('no-such-run')).toBeUndefined();
  });
});
