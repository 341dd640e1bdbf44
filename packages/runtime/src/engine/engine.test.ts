import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';

const look = defineTool({ name: 'look', description: 'Look.', parameters: Type.Object({}), meta: { readOnly: true } });
const change = defineTool({
  name: 'change',
  description: 'Change.',
  parameters: Type.Object({ to: Type.String() }),
  meta: { progressAware: true },
});
const pack = defineToolPack({
  name: 'tier-e',
  version: '1.0.0',
  tools: [look, change],
  handlers: { look: () => 'engine look', change: ({ to }) => `changed to ${to}` },
});

const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-engine-')));

describe('createEngine', () => {
  it('answers to aliases, maps their categories, and leaves unlisted tools out of listings only', async () => {
    const search = defineTool({
      name: 'search',
      description: 'Search.',
      parameters: Type.Object({ q: Type.String() }),
      meta: { readOnly: true, aliases: ['find'] },
    });
    const hidden = defineTool({ name: 'hidden', description: 'Not configured.', parameters: Type.Object({}) });
    const engine = createEngine({
      tools: defineToolPack({
        name: 'aliased',
        version: '1.0.0',
        tools: [search, hidden],
        handlers: { search: ({ q }) => `found ${q}`, hidden: () => 'not configured' },
        unlisted: ['hidden'],
      }),
    });
    expect(engine.categories).toEqual({ search: 'exploration', find: 'exploration', hidden: 'action' });
    const run = engine.createCell({ workDir: workDir() }).run();
    expect(run.tools().map((tool) => tool.name)).toEqual(['search']);
    expect(await run.call('find', { q: 'x' })).toEqual({ isError: false, text: 'found x' });
    expect(await run.call('hidden', {})).toEqual({ isError: false, text: 'not configured' });
    const disabled = engine.createCell({ workDir: workDir(), disabledEngineSkills: ['search'] }).run();
    expect((await disabled.call('find', { q: 'x' })).code).toBe('unknown_tool');
  });

  it('refuses a pack whose alias is also a tool name', () => {
    const one = defineTool({
      name: 'one',
      description: 'One.',
      parameters: Type.Object({}),
      meta: { aliases: ['two'] },
    });
    const two = defineTool({ name: 'two', description: 'Two.', parameters: Type.Object({}) });
    const clash = defineToolPack({
      name: 'clash',
      version: '1.0.0',
      tools: [one, two],
      handlers: { one: () => '1', two: () => '2' },
    });
    expect(() => createEngine({ tools: clash })).toThrow(
      "the engine's packs name 'two' twice: an alias of 'one' in clash@1.0.0 and a tool of clash@1.0.0; a name (or alias) belongs to one tool of the engine",
    );
  });

  it('fixes the Tier E tools and their category map', () => {
    const engine = createEngine({ tools: pack });
    expect(engine.categories).toEqual({ look: 'exploration', change: 'action' });
    expect(engine.progressAware).toEqual(['change']);
    expect(Object.isFrozen(engine.categories)).toBe(true);
    expect(createEngine().tools.size).toBe(0);
  });
});

describe('cells and runs', () => {
  it('lists and calls engine, cell and run tools; a run tool shadows for its run only', async () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    cell
      .tools()
      .register({ name: 'note', description: 'Note.', parameters: Type.Object({}), handler: () => 'cell note' });
    const shadowing = cell.run({
      tools: [{ name: 'look', description: 'Look here.', parameters: Type.Object({}), handler: () => 'run look' }],
    });
    expect(shadowing.tools().map((tool) => [tool.name, tool.description])).toEqual([
      ['change', 'Change.'],
      ['look', 'Look here.'],
      ['note', 'Note.'],
    ]);
    expect(await shadowing.call('look', {})).toEqual({ isError: false, text: 'run look' });
    const plain = cell.run();
    expect(await plain.call('look', {})).toEqual({ isError: false, text: 'engine look' });
    expect(await plain.call('note', {})).toEqual({ isError: false, text: 'cell note' });
  });

  it("applies the agent's whitelist (undefined = all, [] = none) and disabledEngineSkills", async () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir(), disabledEngineSkills: ['change'] });
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['look']);
    expect(cell.run({ agent: { tools: [] } }).tools()).toEqual([]);
    const limited = cell.run({ agent: { tools: ['look'] } });
    expect(await limited.call('change', { to: 'x' })).toEqual({
      isError: true,
      code: 'unknown_tool',
      text: "There is no tool named 'change'",
    });
    expect(await cell.run({ agent: { tools: [] } }).call('look', {})).toMatchObject({ code: 'unknown_tool' });
  });

  it('refuses a cell tool that collides, with the rule in the message', () => {
    const cell = createEngine({ tools: pack }).createCell({ workDir: workDir() });
    const tool = { name: 'look', description: 'Mine.', parameters: Type.Object({}), handler: () => '' };
    expect(() => cell.tools().register(tool)).toThrow(
      "'look' is an engine tool (from tier-e@1.0.0); choose another name, or disable the engine's with disabledEngineSkills",
    );
    cell.tools().register({ ...tool, name: 'mine' });
    expect(() => cell.tools().register({ ...tool, name: 'mine' })).toThrow(
      "'mine' is registered already; unregister it first",
    );
    expect(cell.tools().unregister('mine')).toBe(true);
    const disabled = createEngine({ tools: pack }).createCell({ workDir: workDir(), disabledEngineSkills: ['look'] });
    disabled.tools().register(tool);
    expect(
      disabled
        .run()
        .tools()
        .find((item) => item.name === 'look')?.description,
    ).toBe('Mine.');
  });

  it('records an audit event per call and spills long output under the data folder', async () => {
    const events: unknown[] = [];
    const cell = createEngine().createCell({
      workDir: workDir(),
      defaults: { outputBudget: 200 },
      onAudit: (event) => events.push(event),
    });
    cell
      .tools()
      .register({ name: 'big', description: 'Big.', parameters: Type.Object({}), handler: () => 'y'.repeat(1000) });
    const result = await cell.run({ actor: 'ana' }).call('big', {});
    expect(result.spilledTo?.startsWith(join(cell.dataDir, 'spill'))).toBe(true);
    expect(readFileSync(result.spilledTo ?? '', 'utf8')).toBe('y'.repeat(1000));
    expect(events).toHaveLength(1);
    expect(cell.auditLog()[0]).toMatchObject({ tool: 'big', actor: 'ana', outcome: 'ok', source: 'sdk' });
  });

  it('stop() cancels running calls and refuses new runs', async () => {
    const cell = createEngine().createCell({ workDir: workDir() });
    cell.tools().register({
      name: 'wait',
      description: 'Wait.',
      parameters: Type.Object({}),
      handler: () => new Promise(() => {}),
    });
    const pending = cell.run().call('wait', {});
    await cell.stop();
    expect(await pending).toEqual({ isError: true, code: 'aborted', text: 'wait was cancelled' });
    expect(() => cell.run()).toThrow('the cell is stopped');
  });

  it('takes an empty plugin list, is ready at once, and refuses a cell without a workDir', async () => {
    const engine = createEngine();
    const cell = engine.createCell({ workDir: workDir(), plugins: [] });
    await expect(cell.ready()).resolves.toBeUndefined();
    expect(cell.plugins().list()).toEqual([]);
    expect(() => engine.createCell({ workDir: '' })).toThrow('a cell needs a workDir');
  });
});
