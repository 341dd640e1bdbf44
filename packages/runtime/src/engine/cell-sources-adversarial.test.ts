// Name clashes between sources, attacked through ordering, removal and re-adding, a name held by an SDK
// tool, and sources whose lists throw, recurse or change while the cell reads them.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourcedTool, ToolSource } from '../registry/tool-source.js';
import type { Cell } from './cell.js';
import type { CellEvent } from './cell-events.js';
import { createEngine } from './create-engine.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newCell(): { cell: Cell; warnings: string[] } {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sources-attack-')));
  folders.push(workDir);
  const cell = createEngine().createCell({ workDir });
  const warnings: string[] = [];
  cell.onEvent((event: CellEvent) => {
    if (event.kind === 'source' && event.state === 'warning') warnings.push(`${event.sourceId}: ${event.message}`);
  });
  return { cell, warnings };
}

function offered(id: string, name: string): SourcedTool {
  return {
    definition: defineTool({ name, description: `${name}.`, parameters: Type.Object({}), meta: { readOnly: true } }),
    handler: () => `${id} ran ${name}`,
  };
}

/** A source whose list can change and that tells the cell so. */
function listSource(id: string, names: string[]): ToolSource & { set(names: string[]): void } {
  let current = names;
  const listeners = new Set<() => void>();
  return {
    kind: 'mcp',
    id,
    provenance: `${id}@1`,
    tools: () => current.map((name) => offered(id, name)),
    onToolsChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      current = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

async function who(cell: Cell, name: string): Promise<string> {
  return (await cell.run().call(name, {})).text;
}

describe('clashes as warnings, in order', () => {
  it('gives a freed name to the first source waiting for it, and warns once per wait', async () => {
    const { cell, warnings } = newCell();
    cell.sources().add(listSource('mcp:a', ['x']));
    const b = listSource('mcp:b', ['x']);
    cell.sources().add(b);
    cell.sources().add(listSource('mcp:c', ['x']));
    b.set(['x']); // its list "changed" to the same: no second warning
    // Of the two waiting, conflicts() names the one that gets the name next.
    expect(cell.sources().conflicts()).toEqual(new Map([['x', 'mcp:b']]));
    expect(warnings).toEqual([
      "mcp:b: the tool 'x' of mcp:b was left out: its name is taken by source mcp:a (mcp:a@1)",
      "mcp:c: the tool 'x' of mcp:c was left out: its name is taken by source mcp:a (mcp:a@1)",
    ]);
    await cell.sources().remove('mcp:a');
    expect(await who(cell, 'x')).toBe('mcp:b ran x');
    expect(cell.sources().conflicts()).toEqual(new Map([['x', 'mcp:c']]));
    await cell.sources().remove('mcp:b');
    expect(await who(cell, 'x')).toBe('mcp:c ran x');
    expect(cell.sources().conflicts()).toEqual(new Map());
  });

  it('still lists a tool waiting for a name when another source waiting for it goes', async () => {
    const { cell } = newCell();
    cell.sources().add(listSource('mcp:a', ['x']));
    cell.sources().add(listSource('mcp:b', ['x']));
    cell.sources().add(listSource('mcp:c', ['x']));
    await cell.sources().remove('mcp:c');
    expect(cell.sources().conflicts()).toEqual(new Map([['x', 'mcp:b']]));
    await cell.sources().remove('mcp:b');
    expect(cell.sources().conflicts()).toEqual(new Map());
    expect(await who(cell, 'x')).toBe('mcp:a ran x');
  });

  it('leaves a source that is removed and added again waiting behind the one that took its name', async () => {
    const { cell, warnings } = newCell();
    cell.sources().add(listSource('mcp:a', ['x', 'y']));
    cell.sources().add(listSource('mcp:b', ['x']));
    await cell.sources().remove('mcp:a');
    cell.sources().add(listSource('mcp:a', ['x', 'y']));
    expect(await who(cell, 'x')).toBe('mcp:b ran x');
    expect(await who(cell, 'y')).toBe('mcp:a ran y');
    expect(warnings.at(-1)).toBe(
      "mcp:a: the tool 'x' of mcp:a was left out: its name is taken by source mcp:b (mcp:b@1)",
    );
    expect(cell.sources().conflicts()).toEqual(new Map([['x', 'mcp:a']]));
  });

  it('gives a name to the waiting source once the SDK tool holding it is unregistered', async () => {
    const { cell } = newCell();
    cell.tools().register({ ...offered('sdk', 'x').definition, handler: () => 'sdk ran x' });
    cell.sources().add(listSource('mcp:a', ['x']));
    expect(await who(cell, 'x')).toBe('sdk ran x');
    expect(cell.tools().unregister('x')).toBe(true);
    expect(await who(cell, 'x')).toBe('mcp:a ran x');
    expect(cell.sources().conflicts()).toEqual(new Map());
  });

  it('moves a name between two sources whose lists trade it, without looping', async () => {
    const { cell } = newCell();
    const a = listSource('mcp:a', ['x']);
    const b = listSource('mcp:b', ['x']);
    cell.sources().add(a);
    cell.sources().add(b);
    a.set([]);
    expect(await who(cell, 'x')).toBe('mcp:b ran x');
    a.set(['x']);
    b.set([]);
    expect(await who(cell, 'x')).toBe('mcp:a ran x');
    expect(cell.sources().conflicts()).toEqual(new Map());
  });
});

describe('clashes with the engine', () => {
  it("leaves out a source's tool named like an engine tool's alias, and lets the alias reach the engine's", async () => {
    const grep = defineTool({
      name: 'grep',
      description: 'Search.',
      parameters: Type.Object({}),
      meta: { readOnly: true, aliases: ['search_files'] },
    });
    const pack = defineToolPack({
      name: 'tier-e',
      version: '1.0.0',
      tools: [grep],
      handlers: { grep: () => 'engine grep' },
    });
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sources-attack-')));
    folders.push(workDir);
    const cell = createEngine({ tools: pack }).createCell({ workDir });
    const warnings: string[] = [];
    cell.onEvent((event) => {
      if (event.kind === 'source') warnings.push(event.message);
    });
    cell.sources().add(listSource('mcp:a', ['search_files', 'grep']));
    expect(warnings).toEqual([
      "the tool 'search_files' of mcp:a was left out: its name is taken by the engine (tier-e@1.0.0)",
      "the tool 'grep' of mcp:a was left out: its name is taken by the engine (tier-e@1.0.0)",
    ]);
    expect((await cell.run().call('search_files', {})).text).toBe('engine grep');
  });
});

describe('hostile source lists', () => {
  it('survives a tool whose definition cannot be read, keeping the source and its other tools', async () => {
    const { cell, warnings } = newCell();
    const hostile: ToolSource = {
      kind: 'mcp',
      id: 'mcp:hostile',
      provenance: 'hostile@1',
      tools: () => [
        Object.defineProperty({ handler: () => '' }, 'definition', {
          get() {
            throw new Error('no definition for you');
          },
        }) as unknown as SourcedTool,
        offered('mcp:hostile', 'fine'),
      ],
    };
    expect(() => cell.sources().add(hostile)).not.toThrow();
    expect(cell.sources().ids()).toEqual(['mcp:hostile']);
    expect(await who(cell, 'fine')).toBe('mcp:hostile ran fine');
    expect(warnings).toEqual([
      'mcp:hostile: a tool of mcp:hostile was left out: it cannot be read (no definition for you)',
    ]);
  });

  it('survives a source that says its list changed while the cell reads it', async () => {
    const { cell, warnings } = newCell();
    let changed: (() => void) | undefined;
    let reads = 0;
    const recursive: ToolSource = {
      kind: 'mcp',
      id: 'mcp:loop',
      provenance: 'loop@1',
      tools: () => {
        reads += 1;
        changed?.();
        return [offered('mcp:loop', 'spin')];
      },
      onToolsChanged: (listener) => {
        changed = listener;
        return () => {
          changed = undefined;
        };
      },
    };
    cell.sources().add(recursive);
    expect(await who(cell, 'spin')).toBe('mcp:loop ran spin');
    expect(warnings).toEqual([]);
    expect(reads).toBeLessThan(5);
  });

  it('survives a listener of the source events that throws or removes the source', async () => {
    const { cell } = newCell();
    cell.onEvent(() => {
      throw new Error('listener fails');
    });
    cell.onEvent((event) => {
      if (event.kind === 'source') void cell.sources().remove('mcp:b');
    });
    cell.sources().add(listSource('mcp:a', ['x']));
    expect(() => cell.sources().add(listSource('mcp:b', ['x', 'y']))).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cell.sources().ids()).toEqual(['mcp:a']);
    expect(await who(cell, 'x')).toBe('mcp:a ran x');
    expect((await cell.run().call('y', {})).code).toBe('unknown_tool');
  });
});
