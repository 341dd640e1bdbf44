import { defineTool, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { type Adapter, type AdapterSource, defineAdapter } from './adapter.js';

const lookTool = defineTool({
  name: 'kb.look',
  description: 'Says which folders the cell indexes.',
  parameters: Type.Object({}),
  meta: { readOnly: true },
});

function kbAdapter(log: string[] = []): Adapter<'kb'> {
  return defineAdapter({
    field: 'kb',
    provenance: 'test-kb@1.0.0',
    create(cell, spec): AdapterSource {
      if (spec.folders.length === 0) throw new Error('kb needs at least one folder');
      log.push(`create ${cell.id}`);
      return {
        kind: 'adapter',
        id: 'adapter:kb',
        provenance: 'test-kb@1.0.0',
        tools: () => [{ definition: lookTool, handler: () => spec.folders.join(', ') }],
        ready: async () => {
          log.push('ready');
        },
        close: async () => {
          log.push('close');
        },
      };
    },
  });
}

describe('adapters made from CellSpec fields', () => {
  it('gives a cell the tools of each field it sets, and only while the cell lives', async () => {
    const log: string[] = [];
    const engine = createEngine({ adapters: [kbAdapter(log)] });
    const cell = engine.createCell({ workDir: '/tmp', kb: { folders: ['docs', 'notes'] } });
    await cell.ready();
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).toEqual(['kb.look']);
    const result = await run.call('kb.look', {});
    expect(result.text).toBe('docs, notes');
    expect(cell.auditLog().at(-1)).toMatchObject({
      source: 'adapter',
      sourceId: 'adapter:kb',
      provenance: 'test-kb@1.0.0',
    });
    const plain = engine.createCell({ workDir: '/tmp' });
    expect(plain.run().tools()).toEqual([]);
    await cell.stop();
    expect(log).toEqual([`create ${cell.id}`, 'ready', 'close']);
  });

  it('refuses a field the engine has no adapter for, saying how to give one', () => {
    const engine = createEngine();
    expect(() => engine.createCell({ workDir: '/tmp', cron: {} })).toThrow(
      "the cell's spec sets 'cron', but the engine has no cron adapter: pass it to createEngine({ adapters: [...] })",
    );
  });

  it("passes on the adapter's refusal of its field, and no cell is made", () => {
    const engine = createEngine({ adapters: [kbAdapter()] });
    expect(() => engine.createCell({ workDir: '/tmp', kb: { folders: [] } })).toThrow('kb needs at least one folder');
  });

  it('refuses two adapters for one field, and an adapter for no known field', () => {
    expect(() => createEngine({ adapters: [kbAdapter(), kbAdapter()] })).toThrow(
      "two adapters read the field 'kb' (test-kb@1.0.0 and test-kb@1.0.0); give one",
    );
    expect(() => createEngine({ adapters: [{ field: 'fax', provenance: 'x', create: () => ({}) } as never] })).toThrow(
      'an adapter must name the CellSpec field it reads, one of kb, email, cron, headlessBrowser, playwright, desktop; got "fax"',
    );
  });
});

describe('run ends and origins', () => {
  it('tells run-end listeners once, when a run ends or the cell stops', async () => {
    const cell = createEngine().createCell({ workDir: '/tmp' });
    const ended: string[] = [];
    cell.onRunEnd((id) => ended.push(id));
    const first = cell.run();
    const second = cell.run();
    first.end();
    first.end();
    expect(ended).toEqual([first.id]);
    expect(first.ended).toBe(true);
    expect(second.ended).toBe(false);
    await cell.stop();
    expect(ended).toEqual([first.id, second.id]);
  });

  it('cancels the calls of an ended run', async () => {
    const cell = createEngine().createCell({ workDir: '/tmp' });
    const run = cell.run({
      tools: [{ name: 'echo', description: 'Echoes.', parameters: Type.Object({}), handler: () => 'hi' }],
    });
    run.end();
    const result = await run.call('echo', {});
    expect(result.isError).toBe(true);
    expect(result.code).toBe('aborted');
  });

  it("puts a run's origin on every audit event of the run", async () => {
    const cell = createEngine().createCell({ workDir: '/tmp' });
    const run = cell.run({
      actor: 'ana',
      origin: { kind: 'cron', id: 'job-7' },
      tools: [{ name: 'echo', description: 'Echoes.', parameters: Type.Object({}), handler: () => 'hi' }],
    });
    await run.call('echo', {});
    expect(cell.auditLog().at(-1)).toMatchObject({
      actor: 'ana',
      origin: { kind: 'cron', id: 'job-7' },
      outcome: 'ok',
    });
    expect(() => cell.run({ origin: { kind: 'cron', id: '' } })).toThrow(
      "a run's origin needs a kind and an id, such as { kind: 'cron', id: 'job-1' }",
    );
  });
});
