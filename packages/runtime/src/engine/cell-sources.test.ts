import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../pipeline/audit-event.js';
import type { ToolSource } from '../registry/tool-source.js';
import type { Cell } from './cell.js';
import type { CellEvent } from './cell-events.js';
import { createEngine } from './create-engine.js';

const look = defineTool({ name: 'look', description: 'Look.', parameters: Type.Object({}), meta: { readOnly: true } });
const pack = defineToolPack({ name: 'tier-e', version: '1.0.0', tools: [look], handlers: { look: () => 'engine' } });
const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sources-')));

/** A source whose list can change, as an MCP server's does. */
function listSource(
  id: string,
  names: string[],
  sandbox?: 'off',
): ToolSource & { set(names: string[]): void; closed: boolean } {
  let current = names;
  const listeners = new Set<() => void>();
  const source = {
    kind: id.startsWith('plugin:') ? ('plugin' as const) : ('mcp' as const),
    id,
    ...(sandbox === undefined ? {} : { sandbox }),
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

/** The `source` events the cell emits from now on. */
function sourceEvents(cell: Cell): Extract<CellEvent, { kind: 'source' }>[] {
  const events: Extract<CellEvent, { kind: 'source' }>[] = [];
  cell.onEvent((event) => {
    if (event.kind === 'source') events.push(event);
  });
  return events;
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

  it('leaves out a tool whose name is taken, lists it and says who has the name', async () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    const events = sourceEvents(cell);
    cell.tools().register({ name: 'note', description: 'Note.', parameters: Type.Object({}), handler: () => '' });
    cell.sources().add(listSource('mcp:a', ['shared']));
    cell.sources().add(listSource('mcp:b', ['look', 'note', 'shared', 'free', 'free']));
    expect(cell.sources().ids()).toEqual(['mcp:a', 'mcp:b']);
    expect(events.map(({ sourceId, state, message }) => ({ sourceId, state, message }))).toEqual([
      {
        sourceId: 'mcp:b',
        state: 'warning',
        message: "the tool 'look' of mcp:b was left out: its name is taken by the engine (tier-e@1.0.0)",
      },
      {
        sourceId: 'mcp:b',
        state: 'warning',
        message: "the tool 'note' of mcp:b was left out: its name is taken by an SDK tool of the cell",
      },
      {
        sourceId: 'mcp:b',
        state: 'warning',
        message: "the tool 'shared' of mcp:b was left out: its name is taken by source mcp:a (mcp:a 1.2.3)",
      },
      {
        sourceId: 'mcp:b',
        state: 'warning',
        message:
          "the tool 'free' of mcp:b was left out: its name is taken by another tool of mcp:b (it offers the name twice)",
      },
    ]);
    expect(events.every((event) => event.cellId === cell.id && !Number.isNaN(Date.parse(event.at)))).toBe(true);
    expect([...cell.sources().conflicts()]).toEqual([
      ['look', 'mcp:b'],
      ['note', 'mcp:b'],
      ['shared', 'mcp:b'],
      ['free', 'mcp:b'],
    ]);
    // The names keep their owners; the source's free tool is there.
    const run = cell.run();
    expect((await run.call('look', {})).text).toBe('engine');
    expect((await run.call('shared', { n: 1 })).text).toBe('mcp:a ran shared with {"n":1}');
    expect((await run.call('free', { n: 1 })).text).toBe('mcp:b ran free with {"n":1}');
    expect(() => cell.sources().add(listSource('mcp:a', []))).toThrow("a source named 'mcp:a' is attached already");
    expect(() =>
      cell.tools().register({ name: 'shared', description: 'S.', parameters: Type.Object({}), handler: () => '' }),
    ).toThrow("'shared' is a tool of source mcp:a (mcp:a 1.2.3); choose another name");
  });

  it('follows a changing list: a clash is told once, and a freed name goes to the source that wanted it', async () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    const events = sourceEvents(cell);
    const a = listSource('mcp:a', ['one']);
    const b = listSource('mcp:b', ['two']);
    cell.sources().add(a);
    cell.sources().add(b);
    b.set(['two', 'one', 'look']);
    b.set(['two', 'one', 'look']);
    expect(events.map((event) => event.message)).toEqual([
      "the tool 'one' of mcp:b was left out: its name is taken by source mcp:a (mcp:a 1.2.3)",
      "the tool 'look' of mcp:b was left out: its name is taken by the engine (tier-e@1.0.0)",
    ]);
    expect([...cell.sources().conflicts()]).toEqual([
      ['one', 'mcp:b'],
      ['look', 'mcp:b'],
    ]);
    expect((await cell.run().call('one', { n: 1 })).text).toBe('mcp:a ran one with {"n":1}');
    a.set([]);
    expect((await cell.run().call('one', { n: 1 })).text).toBe('mcp:b ran one with {"n":1}');
    expect([...cell.sources().conflicts()]).toEqual([['look', 'mcp:b']]);
    b.set(['two']);
    expect(await cell.run().call('one', { n: 1 })).toMatchObject({ code: 'unknown_tool' });
    expect(cell.sources().conflicts().size).toBe(0);
    // Removing the holder of a name hands it on as well.
    a.set(['one']);
    b.set(['two', 'one']);
    await cell.sources().remove('mcp:a');
    expect((await cell.run().call('one', { n: 1 })).text).toBe('mcp:b ran one with {"n":1}');
  });

  it('records the source id and an unsandboxed source on the tool and on every audit event', async () => {
    const audit: AuditEvent[] = [];
    const cell = createEngine({ tools: pack }).createCell({
      workDir: workDir(),
      onAudit: (event) => audit.push(event),
    });
    cell.sources().add(listSource('mcp:fs', ['read_file'], 'off'));
    cell.sources().add(listSource('plugin:lint', ['lint']));
    expect(cell.cellTool('read_file')).toMatchObject({ source: 'mcp', sourceId: 'mcp:fs', sandbox: 'off' });
    expect(cell.cellTool('lint')).toMatchObject({ sourceId: 'plugin:lint', sandbox: undefined });
    const run = cell.run();
    await run.call('read_file', { n: 1 });
    await run.call('read_file', { n: 'x' });
    await run.call('lint', { n: 1 });
    await run.call('look', {});
    expect(audit.map(({ tool, outcome, sourceId, sandbox }) => ({ tool, outcome, sourceId, sandbox }))).toEqual([
      { tool: 'read_file', outcome: 'ok', sourceId: 'mcp:fs', sandbox: 'off' },
      { tool: 'read_file', outcome: 'invalid_arguments', sourceId: 'mcp:fs', sandbox: 'off' },
      { tool: 'lint', outcome: 'ok', sourceId: 'plugin:lint', sandbox: undefined },
      { tool: 'look', outcome: 'ok', sourceId: undefined, sandbox: undefined },
    ]);
    expect('sourceId' in (audit[3] as object)).toBe(false);
    expect(new Set(audit.map((event) => event.callId)).size).toBe(4);
  });

  it('leaves out a tool it cannot register, and keeps what a source had when its list fails', async () => {
    const cell = createEngine().createCell({ workDir: workDir() });
    const events = sourceEvents(cell);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20_000; level++) deep = { type: 'object', properties: { x: deep } };
    let fail = false;
    const listeners = new Set<() => void>();
    const source: ToolSource = {
      kind: 'mcp',
      id: 'mcp:odd',
      provenance: 'odd@1.0',
      tools: () => {
        if (fail) throw new Error('the server went away');
        return [
          { definition: { name: 'deep', description: 'D.', parameters: deep, meta: {} } as never, handler: () => '' },
          { definition: {} as never, handler: () => '' },
          {
            definition: defineTool({ name: 'fine', description: 'F.', parameters: Type.Object({}) }),
            handler: () => 'fine',
          },
        ];
      },
      onToolsChanged: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    cell.sources().add(source);
    fail = true;
    for (const listener of listeners) listener();
    expect(events.map((event) => event.message)).toEqual([
      "the tool 'deep' from odd@1.0 cannot be registered: the schema nests too deeply; it was left out",
      'a tool of mcp:odd was left out: it has no name or no handler',
      'the tools of mcp:odd could not be listed, so the ones it had stay: the server went away',
    ]);
    expect((await cell.run().call('fine', {})).text).toBe('fine');
    expect(cell.sources().conflicts().size).toBe(0);
  });

  it('refuses a source without an id or a tools function, attaching nothing', () => {
    const cell = createEngine().createCell({ workDir: workDir() });
    expect(() => cell.sources().add({ kind: 'mcp', provenance: 'x' } as never)).toThrow(
      "a tool source needs an id such as 'mcp:github'",
    );
    expect(() => cell.sources().add({ kind: 'mcp', id: 'mcp:x', provenance: 'x' } as never)).toThrow(
      "the source 'mcp:x' has no tools() function",
    );
    expect(cell.sources().ids()).toEqual([]);
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
