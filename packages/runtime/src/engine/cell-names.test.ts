import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { resolveCellNames } from './cell-names.js';
import { createEngine } from './create-engine.js';

const search = defineTool({
  name: 'search',
  description: 'Search.',
  parameters: Type.Object({ q: Type.String() }),
  meta: { readOnly: true, aliases: ['find'] },
});
const change = defineTool({ name: 'change', description: 'Change.', parameters: Type.Object({}) });
const engine = createEngine({
  tools: defineToolPack({
    name: 'names',
    version: '1.0.0',
    tools: [search, change],
    handlers: { search: ({ q }) => `found ${q}`, change: () => 'changed' },
  }),
});

describe('resolveCellNames', () => {
  it('replaces aliases by the tools’ own names', () => {
    expect(
      resolveCellNames(engine, { disabledEngineSkills: ['find', 'change'], extraProgressAware: ['find', 'mcp.x'] }),
    ).toEqual({
      disabled: new Set(['search', 'change']),
      extraCategories: undefined,
      extraProgressAware: ['search', 'mcp.x'],
    });
  });

  it('names an unknown engine tool with the closest ones, and lists what the engine has', () => {
    expect(() => resolveCellNames(engine, { disabledEngineSkills: ['serch'] })).toThrow(
      "disabledEngineSkills names 'serch', which is not a tool of the engine; did you mean 'search'? The engine's tools: change, search.",
    );
    expect(() => resolveCellNames(engine, { disabledEngineSkills: 'search' as never })).toThrow(
      'disabledEngineSkills must be a list of tool names, got string',
    );
  });

  it('refuses an extraCategories entry for an engine tool and a category that is not one', () => {
    expect(() => resolveCellNames(engine, { extraCategories: { find: 'action' } })).toThrow(
      "extraCategories names 'find' (an alias of 'search'), an engine tool, whose category the engine's map decides (exploration); extraCategories is for tools the engine does not have",
    );
    expect(() => resolveCellNames(engine, { extraCategories: { later: 'write' as never } })).toThrow(
      `extraCategories gives 'later' the category "write"; use exploration or action`,
    );
    expect(resolveCellNames(engine, { extraCategories: { later: 'action' } }).extraCategories).toEqual({
      later: 'action',
    });
    const odd = resolveCellNames(engine, {
      extraCategories: JSON.parse('{"__proto__": "exploration"}'),
    }).extraCategories;
    expect(Object.hasOwn(odd ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('is checked when the cell is created; a run resolves whitelist aliases and calls by either name', async () => {
    const workDir = mkdtempSync(join(tmpdir(), 'wesgine-names-'));
    expect(() => engine.createCell({ workDir, disabledEngineSkills: ['nope'] })).toThrow(
      /^disabledEngineSkills names 'nope'/,
    );
    const cell = engine.createCell({ workDir, disabledEngineSkills: ['find'] });
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['change']);
    const run = engine.createCell({ workDir }).run({ agent: { tools: ['find'] } });
    expect(run.tools().map((tool) => tool.name)).toEqual(['search']);
    expect(await run.call('search', { q: 'a' })).toEqual({ isError: false, text: 'found a' });
    expect(await run.call('find', { q: 'b' })).toEqual({ isError: false, text: 'found b' });
    expect((await run.call('change', {})).code).toBe('unknown_tool');
    expect(() => engine.createCell({ workDir }).run({ agent: { tools: ['chnge'] } })).toThrow(
      "agent.tools names 'chnge', which no tool of this cell has; did you mean 'change'? A tool that arrives later (an MCP server, a plugin) can only be named once it is there.",
    );
  });

  it('a run with depthLimit 0 is offered no delegating tool, and says why when one is called', async () => {
    const cell = engine.createCell({ workDir: mkdtempSync(join(tmpdir(), 'wesgine-names-')) });
    cell.agents().asTool({
      name: 'helper',
      description: 'Helps.',
      client: { complete: async () => ({ text: '', toolCalls: [] }) },
    });
    const run = cell.run({ depthLimit: 0 });
    expect(run.tools().map((tool) => tool.name)).toEqual(['change', 'search']);
    expect(await run.call('helper', { task: 't' })).toEqual({
      isError: true,
      code: 'not_allowed',
      text: 'helper is not offered here: this run may not hand work to sub-agents; do the task with the other tools.',
    });
    expect(() => cell.run({ depthLimit: -1 })).toThrow('depthLimit must be a whole number of at least 0, not -1');
  });
});
