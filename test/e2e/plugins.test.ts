// Plugins (issue 11): programs that offer tools over newline-delimited JSON-RPC on their stdio, started
// with the cell, isolated when they misbehave, stopped with it. Real child processes (node, python3).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Cell, type CellEvent, type CellSpec, createEngine } from '../../packages/runtime/src/index.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const FAULTY = join(fixtures, 'fault-plugin.mjs');
const PYTHON = join(fixtures, 'python-plugin.py');
const PACK = join(fixtures, 'pack-plugin.ts');
/** tsx's loader by its path: the plugin runs in the cell's workDir, where `--import tsx` finds nothing. */
const TSX = pathToFileURL(join(fixtures, '..', '..', '..', 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/** The repository: the TypeScript plugin loads its sources from there, read-only in the sandbox. */
const REPO = realpathSync(join(fixtures, '..', '..', '..'));
const cells: Cell[] = [];
const folders: string[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(cells.splice(0).map((cell) => cell.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A cell with the given plugins, each tagged so its processes can be found in /proc. */
function cellWith(plugins: NonNullable<CellSpec['plugins']>, extra: Partial<CellSpec> = {}) {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-plugins-')));
  folders.push(workDir);
  const events: CellEvent[] = [];
  const tag = `wesgine-plugin-test-${randomUUID()}`;
  const tagged = plugins.map((plugin) => ({ ...plugin, args: [...(plugin.args ?? []), tag] }));
  const cell = createEngine().createCell({ workDir, plugins: tagged, ...extra });
  cells.push(cell);
  cell.onEvent((event) => events.push(event));
  return { cell, events, tag };
}

const faulty = (env: Record<string, string> = {}, more: object = {}) => ({
  name: 'faulty',
  command: process.execPath,
  args: [FAULTY],
  env,
  ...more,
});

/** The processes whose command line holds `tag`. */
function processesTagged(tag: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(tag)) found.push(Number(entry));
    } catch {}
  }
  return found;
}

const ready = (cell: Cell, name = 'faulty') =>
  vi.waitFor(
    () =>
      expect(
        cell
          .plugins()
          .list()
          .find((plugin) => plugin.name === name)?.state,
      ).toBe('ready'),
    {
      timeout: 20_000,
      interval: 50,
    },
  );

describe('a plugin written in Python', () => {
  it('is started with the cell, its tools walk the pipeline, and it is gone after stop', async () => {
    const audit: unknown[] = [];
    const { cell, tag } = cellWith([{ name: 'py', command: 'python3', args: [PYTHON] }], {
      onAudit: (event) => audit.push(event),
    });
    await cell.ready();
    const [status] = cell.plugins().list();
    expect(status).toMatchObject({
      name: 'py',
      sourceId: 'plugin:py',
      state: 'ready',
      tools: ['shout', 'divide'],
      info: { name: 'python-plugin', version: '1.0.0' },
      sandboxed: true,
      restarts: 0,
      lastError: undefined,
    });
    const run = cell.run();
    expect(await run.call('shout', { text: 'quiet' })).toEqual({ isError: false, text: 'QUIET' });
    expect(await run.call('divide', { a: 7, b: 2 })).toEqual({ isError: false, text: '3.5', data: { quotient: 3.5 } });
    expect(await run.call('divide', { a: 1, b: 0 })).toEqual({
      isError: true,
      code: 'handler_failed',
      text: 'cannot divide by zero; pass a b other than 0',
    });
    // Validation happens in the host: the plugin never sees these.
    expect(await run.call('shout', { text: 3 })).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(await run.call('shout', { text: 'a', loud: true })).toMatchObject({ code: 'invalid_arguments' });
    expect(audit[0]).toMatchObject({
      tool: 'shout',
      source: 'plugin',
      sourceId: 'plugin:py',
      provenance: 'python-plugin@1.0.0',
    });
    expect(processesTagged(tag).length).toBeGreaterThan(0);
    await cell.stop();
    expect(processesTagged(tag)).toEqual([]);
    expect(cell.plugins().list()[0]?.state).toBe('stopped');
  });
});

describe('a tool pack served with servePlugin', () => {
  it('keeps its schemas, result schema, path marks and hints; progress, logs and cancellation cross', async () => {
    const { cell, events, tag } = cellWith(
      [{ name: 'notes', command: process.execPath, args: ['--conditions=@wesgine/source', '--import', TSX, PACK] }],
      { sandbox: { readPaths: [REPO] } },
    );
    await cell.ready();
    expect(cell.plugins().list()[0]).toMatchObject({
      state: 'ready',
      info: { name: 'notes-pack', version: '2.1.0' },
      tools: ['count_words', 'read_note', 'wait'],
    });
    const run = cell.run();
    expect(await run.call('count_words', { text: 'one two  three' })).toEqual({
      isError: false,
      text: '3 words',
      data: { words: 3 },
    });
    const workDir = cell.spec.workDir;
    writeFileSync(join(workDir, 'note.txt'), 'remember the milk');
    expect(await run.call('read_note', { path: 'note.txt' })).toEqual({ isError: false, text: 'remember the milk' });
    // The path mark crossed with the schema: the host's Sandbox stage refuses a path outside the roots.
    expect(await run.call('read_note', { path: '/etc/passwd' })).toMatchObject({
      isError: true,
      code: 'path_not_allowed',
    });
    const controller = new AbortController();
    const waiting = run.call('wait', {}, { signal: controller.signal });
    await vi.waitFor(() => expect(events.some((event) => event.kind === 'progress')).toBe(true), { timeout: 10_000 });
    controller.abort();
    expect(await waiting).toMatchObject({ isError: true, code: 'aborted' });
    expect(events.filter((event) => event.kind === 'progress' || event.kind === 'log')).toMatchObject([
      { kind: 'progress', tool: 'wait', progress: 1, message: 'waiting' },
      { kind: 'log', tool: 'wait', level: 'info', message: 'waiting for a cancel' },
    ]);
    expect(run.tools().find((tool) => tool.name === 'count_words')).toBeDefined();
    await cell.stop();
    expect(processesTagged(tag)).toEqual([]);
  });
});

describe('a plugin that misbehaves', () => {
  // The restart backoff's spread at its low end, so the waits the texts name are exact (0.2 s, 0.4 s).
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  it('answers, reports progress and logs, and hears about cancelled calls', async () => {
    const { cell, events } = cellWith([faulty({}, { timeoutMs: 1000 })]);
    await cell.ready();
    const run = cell.run();
    expect(await run.call('echo', { text: 'hi' })).toEqual({ isError: false, text: 'echo: hi', data: { length: 2 } });
    expect(await run.call('fail', {})).toEqual({ isError: true, code: 'not_found', text: 'the thing is missing' });
    const progress: unknown[] = [];
    expect(await run.call('slow', { ms: 10 }, { onProgress: (update) => progress.push(update) })).toEqual({
      isError: false,
      text: 'slept 10 ms',
    });
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'half way' }]);
    expect(events.filter((event) => event.kind === 'progress' || event.kind === 'log')).toMatchObject([
      { kind: 'progress', tool: 'slow', progress: 1, total: 2, message: 'half way' },
      { kind: 'log', tool: 'slow', level: 'warn', message: 'slow tool running' },
    ]);
    // Past its time limit: the call is a timeout, the plugin is told to cancel it and stays up.
    expect(await run.call('slow', { ms: 60_000 })).toEqual({
      isError: true,
      code: 'timeout',
      text: 'slow did not finish within 1000 ms',
    });
    expect(await run.call('hang', {})).toMatchObject({ code: 'timeout', text: 'hang did not finish within 1000 ms' });
    const controller = new AbortController();
    const cancelled = run.call('slow', { ms: 60_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await cancelled).toMatchObject({ isError: true, code: 'aborted' });
    const told = JSON.parse((await run.call('cancels', {})).text) as number[];
    expect(told).toHaveLength(3);
    expect(cell.plugins().list()[0]).toMatchObject({ state: 'ready', restarts: 0 });
  });

  it('crashes mid-call: the call fails clearly, the plugin restarts and works again', async () => {
    const { cell, events } = cellWith([faulty()]);
    await cell.ready();
    const run = cell.run();
    // Its host-side process id (inside the sandbox's PID namespace it is always the same small number).
    const before = cell.plugins().list()[0]?.pid;
    expect(before).toBeGreaterThan(0);
    expect(await run.call('crash', {})).toEqual({
      isError: true,
      code: 'unavailable',
      text: "the plugin 'faulty' exited with code 3 during the call of crash; it restarts in 0.2 s",
    });
    const down = cell.plugins().list()[0];
    expect(down?.lastError).toBe('exited with code 3; the end of its stderr: "fault-plugin: crashing now"');
    await ready(cell);
    expect(await run.call('echo', { text: 'back' })).toMatchObject({ isError: false, text: 'echo: back' });
    expect(cell.plugins().list()[0]?.pid).not.toBe(before);
    expect(cell.plugins().list()[0]).toMatchObject({ state: 'ready', restarts: 1, lastError: undefined });
    // The first 'connecting' reaches a listener subscribed right after the cell was created.
    const states = events.flatMap((event) =>
      event.kind === 'source' && event.state !== 'warning' ? [event.state] : [],
    );
    expect(states).toEqual(['connecting', 'ready', 'down', 'connecting', 'ready']);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'source',
        state: 'down',
        message:
          'the plugin \'faulty\' is down: it exited with code 3; the end of its stderr: "fault-plugin: crashing now"; it restarts in 0.2 s',
      }),
    );
  });

  it('writes garbage or floods its output: it is stopped and restarted, the cell carries on', async () => {
    const { cell } = cellWith([faulty()]);
    await cell.ready();
    const run = cell.run();
    expect(await run.call('garbage', {})).toEqual({
      isError: true,
      code: 'unavailable',
      text: `the plugin 'faulty' wrote a line that is not JSON: "<html>oops</html>" during the call of garbage; it restarts in 0.2 s`,
    });
    await ready(cell);
    const flood = await run.call('flood', {});
    expect(flood).toMatchObject({ isError: true, code: 'unavailable' });
    expect(flood.text).toMatch(
      /^the plugin 'faulty' wrote a line of more than 8388608 bytes \(\d+ so far\) during the call of flood; it restarts in 0\.4 s$/,
    );
    await ready(cell);
    expect(await run.call('echo', { text: 'still here' })).toMatchObject({ text: 'echo: still here' });
    expect(cell.plugins().list()[0]?.restarts).toBe(2);
  });

  it('runs outside the OS sandbox only when asked, and every audit event says so', async () => {
    const audit: { sandbox?: string }[] = [];
    const { cell } = cellWith([faulty({}, { sandbox: false })], { onAudit: (event) => audit.push(event) });
    await cell.ready();
    expect(cell.plugins().list()[0]?.sandboxed).toBe(false);
    await cell.run().call('echo', { text: 'x' });
    expect(audit[0]).toMatchObject({ tool: 'echo', sourceId: 'plugin:faulty', sandbox: 'off' });
  });

  it('is governed by zone rules that name its source', async () => {
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-plugins-')));
    folders.push(workDir);
    writeFileSync(
      join(workDir, 'zone.yaml'),
      `version: 1
zone: plugins
rules:
  - id: no-fail
    effect: deny
    tools: ['plugin:faulty/fail']
    reason: The failing tool is off.
  - id: py-off
    effect: deny
    tools: ['plugin:py']
    reason: The Python plugin is off here.
  - id: faulty-on
    effect: allow
    tools: ['plugin:faulty']
    reason: The rest of the fault plugin may run.
`,
    );
    const cell = createEngine().createCell({
      workDir,
      zone: 'zone.yaml',
      plugins: [faulty(), { name: 'py', command: 'python3', args: [PYTHON] }],
    });
    cells.push(cell);
    await cell.ready();
    const run = cell.run();
    expect(await run.call('echo', { text: 'allowed' })).toMatchObject({ isError: false, text: 'echo: allowed' });
    expect(await run.call('fail', {})).toMatchObject({
      isError: true,
      code: 'zone_denied',
      text: expect.stringContaining('The failing tool is off.'),
    });
    expect(await run.call('shout', { text: 'x' })).toMatchObject({
      isError: true,
      code: 'zone_denied',
      text: expect.stringContaining('The Python plugin is off here.'),
    });
  });

  it('is killed at stop even when it ignores shutdown and SIGTERM, with what it started', async () => {
    const { cell, tag } = cellWith([
      faulty({ FAULT_STOP: 'stubborn' }),
      { ...faulty({ FAULT_STOP: 'stubborn' }, { sandbox: false }), name: 'plain' },
    ]);
    await cell.ready();
    await vi.waitFor(() => expect(processesTagged(tag).length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    await cell.stop();
    expect(processesTagged(tag)).toEqual([]);
  });

  it('takes 100 concurrent calls', async () => {
    const { cell } = cellWith([faulty()]);
    await cell.ready();
    const run = cell.run();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => run.call('echo', { text: `call ${index}` })),
    );
    expect(results.map((result) => result.text)).toEqual(
      Array.from({ length: 100 }, (_, index) => `echo: call ${index}`),
    );
  });

  it('leaves out a tool whose schema the validator cannot take, and follows list_changed', async () => {
    const { cell, events } = cellWith([faulty()]);
    await cell.ready();
    expect(cell.plugins().list()[0]?.skipped).toEqual([
      {
        tool: 'odd',
        reason:
          'the validator cannot take its schema: the JSON Schema keyword "unevaluatedProperties" is not supported by the @wesgine/schema validator',
      },
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'source',
        state: 'warning',
        sourceId: 'plugin:faulty',
        message:
          "the plugin 'faulty' offers the tool 'odd', which was left out: the validator cannot take its schema: the JSON Schema keyword \"unevaluatedProperties\" is not supported by the @wesgine/schema validator",
      }),
    );
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).not.toContain('added');
    await run.call('grow', {});
    await vi.waitFor(
      () =>
        expect(
          cell
            .run()
            .tools()
            .map((tool) => tool.name),
        ).toContain('added'),
      { timeout: 10_000 },
    );
  });

  it('ready() names each plugin that failed to start and why; the others work', async () => {
    const { cell, tag } = cellWith([
      faulty(),
      { ...faulty({ FAULT_START: 'exit' }), name: 'quitter' },
      { ...faulty({ FAULT_START: 'hang' }), name: 'sleeper', startTimeoutMs: 500 },
      { ...faulty({ FAULT_START: 'garbage' }), name: 'babbler' },
    ]);
    await expect(cell.ready()).rejects.toThrow(
      "3 of 4 plugins did not start: 'quitter' exited with code 7; the end of its stderr: \"fault-plugin: told to exit at start\"; 'sleeper' did not answer initialize and tools/list within 500 ms; 'babbler' wrote a line that is not JSON: \"hello, I am not JSON-RPC\"",
    );
    expect(await cell.run().call('echo', { text: 'ok' })).toMatchObject({ text: 'echo: ok' });
    const states = Object.fromEntries(
      cell
        .plugins()
        .list()
        .map((plugin) => [plugin.name, plugin.state]),
    );
    expect(states.faulty).toBe('ready');
    await cell.stop();
    expect(processesTagged(tag)).toEqual([]);
  });

  it('a command that does not exist is a clear failure, never a crash', async () => {
    const { cell } = cellWith([{ name: 'ghost', command: 'no-such-plugin-program-here' }]);
    await expect(cell.ready()).rejects.toThrow(/^1 of 1 plugin did not start: 'ghost' /);
    expect(cell.plugins().list()[0]?.state).not.toBe('ready');
  });

  it('refuses a bad plugins spec before anything starts', () => {
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-plugins-')));
    folders.push(workDir);
    const engine = createEngine();
    const bad = (plugins: unknown) => () =>
      engine.createCell({ workDir, plugins: plugins as NonNullable<CellSpec['plugins']> });
    expect(bad({})).toThrow('CellSpec.plugins must be an array of { name, command, ... }');
    expect(bad([{ name: 'a b', command: 'x' }])).toThrow(
      `CellSpec.plugins[0].name must be 1 to 64 letters, digits, '_' or '-', got "a b"`,
    );
    expect(bad([{ name: 'a' }])).toThrow("the plugin 'a' needs a command (the program to start)");
    expect(bad([{ name: 'a', command: 'x', timeout: 5 }])).toThrow("the plugin 'a' has an unknown field 'timeout'");
    expect(bad([{ name: 'a', command: 'x', args: [1] }])).toThrow("the plugin 'a': args must be an array of strings");
    expect(
      bad([
        { name: 'a', command: 'x' },
        { name: 'a', command: 'y' },
      ]),
    ).toThrow("CellSpec.plugins names the plugin 'a' twice");
  });
});
