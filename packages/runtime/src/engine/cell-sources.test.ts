import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import type { ToolSource } from '../registry/tool-source.js';
import { createEngine } from './create-engine.js';

const look = defineTool({ name: 'look', description: 'Look.', parameters: Type.Object({}), meta: { readOnly: true } });
const pack = defineToolPack({ name: 'tier-e', version: '1.0.0', tools: [look], handlers: { look: () => 'engine' } });
const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sources-')));

/** A source whose list can change, as an MCP server's does. */
function listSource(id: string, names: string[]): ToolSource & { set(names: string[]): void; closed: boolean } {
  let current = names;
  const listeners = new Set<() => void>();
  const source = {
    kind: 'mcp' as const,
    id,
    provenance: `${id} 1.2.3`,
    closed: false,
    tools: () =>
      current.map((name) => ({
        definition: defineTool({
          name,
          description: `${name} from ${id}.`,
          parameters: Type.Object({ n: Type.Number() }),
          meta: { readOnly: true },
        }),
        handler: (args: unknown) => `${id} ran ${name} with ${JSON.stringify(args)}`,
      })),
    onToolsChanged: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      source.closed = true;
    },
    set: (next: string[]) => {
      current = next;
      for (const listener of listeners) listener();
    },
  };
  return source;
}

describe('tool sources', () => {
  it('adds a source whose tools walk the pipeline and carry its provenance', async () => {
    const events: unknown[] = [];
    const cell = createEngine({ tools: pack }).createCell({
      workDir: workDir(),
      onAudit: (event) => events.push(event),
    });
    cell.sources().add(listSource('mcp:github', ['github.issues']));
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).toEqual(['github.issues', 'look']);
    expect(await run.call('github.issues', { n: 2 })).toEqual({
      isError: false,
      text: 'mcp:github ran github.issues with {"n":2}',
    });
    expect(await run.call('github.issues', { n: 'two' })).toMatchObject({ code: 'invalid_arguments' });
    expect(events[0]).toMatchObject({ tool: 'github.issues', source: 'mcp', provenance: 'mcp:github 1.2.3' });
  });

  it('refuses a source whose tools take a name, naming each clash', () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    cell.tools().register({ name: 'note', description: 'Note.', parameters: Type.Object({}), handler: () => '' });
    cell.sources().add(listSource('mcp:a', ['shared']));
    expect(() => cell.sources().add(listSource('mcp:b', ['look', 'note', 'shared', 'free']))).toThrow(
      "source 'mcp:b' offers tools whose names are taken: 'look' (taken by the engine (tier-e@1.0.0)), 'note' (taken by an SDK tool of the cell), 'shared' (taken by source mcp:a 1.2.3)",
    );
    expect(cell.sources().ids()).toEqual(['mcp:a']);
    expect(() => cell.sources().add(listSource('mcp:a', []))).toThrow("a source named 'mcp:a' is attached already");
    expect(() =>
      cell.tools().register({ name: 'shared', description: 'S.', parameters: Type.Object({}), handler: () => '' }),
    ).toThrow("'shared' is a tool of source mcp:a 1.2.3; choose another name");
  });

  it('follows a changing list, leaving out a tool whose name became taken', async () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    const a = listSource('mcp:a', ['one']);
    const b = listSource('mcp:b', ['two']);
    cell.sources().add(a);
    cell.sources().add(b);
    b.set(['two', 'one', 'look']);
    expect([...cell.sources().conflicts()]).toEqual([
      ['one', 'mcp:b'],
      ['look', 'mcp:b'],
    ]);
    expect((await cell.run().call('one', { n: 1 })).text).toBe('mcp:a ran one with {"n":1}');
    a.set([]);
    expect(await cell.run().call('one', { n: 1 })).toMatchObject({ code: 'unknown_tool' });
    b.set(['two', 'one']);
    expect((await cell.run().call('one', { n: 1 })).text).toBe('mcp:b ran one with {"n":1}');
    expect(cell.sources().conflicts().size).toBe(0);
  });

  it('closes a removed source and every source when the cell stops', async () => {
    const cell = createEngine().createCell({ workDir: workDir() });
    const a = listSource('mcp:a', ['one']);
    const b = listSource('mcp:b', ['two']);
    cell.sources().add(a);
    cell.sources().add(b);
    expect(await cell.sources().remove('mcp:a')).toBe(true);
    expect(await cell.sources().remove('mcp:a')).toBe(false);
    expect(a.closed).toBe(true);
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['two']);
    a.set(['late']);
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['two']);
    await cell.stop();
    expect(b.closed).toBe(true);
  });
});
