import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cell } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGING, mcpCell, nextSourceEvent, sourceEvents, until } from './mcp-harness.js';

// `cell.mcps()` with a small SDK server of our fixtures for what the reference server cannot do on
// demand: `list_changed` on request, a call that only ends when cancelled, a schema our validator cannot
// take, path arguments, and a server that stays down until it is allowed back.

const START_MS = 30_000;
const changing = { name: 'changing', transport: 'stdio', command: process.execPath, args: [CHANGING] } as const;

describe('a server whose tools change', () => {
  let cell: Cell;
  let workDir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ cell, workDir, cleanup } = mcpCell());
    mkdirSync(join(workDir, 'docs'));
    writeFileSync(join(workDir, 'docs', 'a.md'), 'a');
    await cell.mcps().upsert({
      ...changing,
      env: { FIXTURE_FLAG: 'on' },
      paths: { stat: { file: 'read', more: 'write' } },
    });
  }, START_MS);
  afterAll(() => cleanup());

  it('leaves out a tool whose schema the validator cannot take, saying why', () => {
    expect(cell.mcps().list()[0]?.skipped).toEqual([
      {
        tool: 'odd-schema',
        reason:
          'the validator cannot take its schema: the JSON Schema keyword "unevaluatedProperties" is not supported by the @wesgine/schema validator',
      },
    ]);
    expect(cell.cellTool('odd-schema')).toBeUndefined();
  });

  it('refreshes the registry for every run on tools/list_changed', async () => {
    const run = cell.run();
    expect(await run.call('late', {})).toMatchObject({ code: 'unknown_tool' });
    const changed = nextSourceEvent(cell, (event) => event.message.includes('changed its tools'));
    expect((await run.call('add-tool', { name: 'late' })).text).toBe('added late');
    expect((await changed).message).toBe('The MCP server changing changed its tools: 11 tools now (added late).');
    expect(await run.call('late', {})).toEqual({ isError: false, text: 'late ran' });
    expect(cell.mcps().list()[0]?.tools).toContain('late');

    const removed = nextSourceEvent(cell, (event) => event.message.includes('removed late'));
    await run.call('remove-tool', { name: 'late' });
    await removed;
    expect(await cell.run().call('late', {})).toMatchObject({ code: 'unknown_tool' });
  });

  it('sends the cancellation to the server when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = cell.run({ signal: controller.signal }).call('wait', {});
    setTimeout(() => controller.abort(), 200);
    expect(await pending).toEqual({ isError: true, code: 'aborted', text: 'wait was cancelled' });
    const count = async () => (await cell.run().call('cancelled', {})).text;
    // The server saw `notifications/cancelled`: its handler's signal fired and it counted the call.
    for (let tries = 0; tries < 50 && (await count()) !== '1'; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(await count()).toBe('1');
  });

  it('judges configured path arguments and sends the server the real paths governance checked', async () => {
    expect(await cell.run().call('stat', { file: 'docs/a.md', more: ['docs/new.md'] })).toEqual({
      isError: false,
      text: JSON.stringify({ file: join(workDir, 'docs/a.md'), more: [join(workDir, 'docs/new.md')] }),
    });
    const outside = await cell.run().call('stat', { file: '../../etc/passwd' });
    expect(outside).toMatchObject({ isError: true, code: 'path_not_allowed' });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'stat', stage: 'sandbox', outcome: 'path_not_allowed' });
  });

  it("passes the config's env to the server", async () => {
    expect((await cell.run().call('env', { key: 'FIXTURE_FLAG' })).text).toBe('on');
  });

  it('takes readOnlyHint as the category input only, and drops a destructive hint on a read-only tool', () => {
    expect(cell.cellTool('clock')?.definition.meta).toEqual({ readOnly: true, openWorld: false });
  });
});

describe('a server that writes what is not JSON-RPC', () => {
  it('skips garbage lines, and a flood past the buffer drops the session, which comes back', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      await cell.mcps().upsert(changing);
      expect(await cell.run().call('garbage', {})).toEqual({ isError: false, text: 'after the garbage' });
      const down = nextSourceEvent(cell, (event) => event.state === 'down');
      const back = nextSourceEvent(cell, (event) => event.state === 'ready', START_MS);
      const flooded = await cell.run().call('flood', {});
      expect(flooded).toMatchObject({ isError: true, code: 'unavailable' });
      expect((await down).message).toMatch(
        /^The MCP server changing is down: the server wrote more than 10 MB without a line break, so the client closed the session\./,
      );
      await back;
      expect(cell.mcps().list()[0]?.state).toBe('ready');
      expect((await cell.run().call('clock', {})).text).toBe('12:00');
      // 100 calls at once on the new session, each answered with its own text.
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) => cell.run().call('env', { key: `NOT_SET_${index}` })),
      );
      expect(answers.every((answer) => answer.text === '(unset)')).toBe(true);
    } finally {
      await cleanup();
    }
  }, 60_000);
});

describe('governance of a server by its source', () => {
  it('applies zone rules that name the server or one of its tools, and audits an unsandboxed server', async () => {
    const { workDir, cleanup } = mcpCell();
    try {
      writeFileSync(
        join(workDir, 'zone.yaml'),
        [
          'version: 1',
          'zone: mcp',
          'rules:',
          '  - id: no-env',
          '    effect: deny',
          "    tools: ['mcp:loose/env']",
          '    reason: The environment of the server stays private.',
          '  - id: no-other',
          '    effect: deny',
          "    tools: ['mcp:other']",
          '    reason: The other server is off here.',
          '',
        ].join('\n'),
      );
      const zoned = mcpCell({ zone: join(workDir, 'zone.yaml') });
      try {
        await zoned.cell.mcps().upsert({ ...changing, name: 'loose', sandbox: false });
        await zoned.cell.mcps().upsert({ ...changing, name: 'other', prefix: 'other.' });
        expect(
          zoned.cell
            .mcps()
            .list()
            .map((entry) => entry.sandboxed),
        ).toEqual([false, true]);
        const run = zoned.cell.run();
        expect(await run.call('env', { key: 'HOME' })).toMatchObject({ isError: true, code: 'zone_denied' });
        expect(zoned.cell.auditLog().at(-1)).toMatchObject({
          tool: 'env',
          sourceId: 'mcp:loose',
          stage: 'zone',
          rule: 'no-env',
          sandbox: 'off',
        });
        expect(await run.call('other.clock', {})).toMatchObject({ isError: true, code: 'zone_denied' });
        expect((await run.call('clock', {})).text).toBe('12:00');
        expect(zoned.cell.auditLog().at(-1)).toMatchObject({
          tool: 'clock',
          sourceId: 'mcp:loose',
          provenance: 'changing@1.4.0',
          outcome: 'ok',
          sandbox: 'off',
        });
      } finally {
        await zoned.cleanup();
      }
    } finally {
      await cleanup();
    }
  }, 60_000);
});

describe('the category of an MCP tool', () => {
  it("comes from readOnlyHint (level 3), which the cell's own map overrides", async () => {
    const { cell, cleanup } = mcpCell({ extraCategories: { 'act.clock': 'action' } });
    try {
      await cell.mcps().upsert({ ...changing, tools: ['clock'] });
      await cell.mcps().upsert({ ...changing, name: 'act', tools: ['clock'], prefix: 'act.' });
      // The same call again and again: an exploration tool is blocked at the 5th, an action at the 3rd.
      const looking = cell.run();
      const looked = [];
      for (let index = 0; index < 4; index++) looked.push((await looking.call('clock', {})).code);
      expect(looked).toEqual([undefined, undefined, undefined, undefined]);
      const acting = cell.run();
      const acted = [];
      for (let index = 0; index < 3; index++) acted.push((await acting.call('act.clock', {})).code);
      expect(acted).toEqual([undefined, undefined, 'cycle_blocked']);
    } finally {
      await cleanup();
    }
  }, 60_000);
});

describe('a server that goes down and stays down', () => {
  it('answers unavailable while it is down and comes back when it can start again', async () => {
    const { cell, workDir, cleanup } = mcpCell();
    try {
      const gate = join(workDir, 'gate');
      writeFileSync(gate, '');
      // Starts the server only while the gate file exists (outside the sandbox: the shell's folder is all
      // a sandboxed launch would show, not the fixture's).
      const entry = await cell.mcps().upsert({
        name: 'gated',
        transport: 'stdio',
        sandbox: false,
        command: '/bin/sh',
        args: ['-c', `test -f '${gate}' && exec '${process.execPath}' '${CHANGING}'`],
      });
      expect(entry.state).toBe('ready');
      const pid = Number((await cell.run().call('pid', {})).text);
      rmSync(gate);
      const events = sourceEvents(cell);
      process.kill(pid, 'SIGKILL');
      await until(() => events.filter((event) => event.state === 'down').length >= 2, 20_000, 'two failed attempts');
      const answer = await cell.run().call('pid', {});
      expect(answer.code).toBe('unavailable');
      expect(answer.text).toMatch(
        /^The MCP server gated is down \(could not start '\/bin\/sh': .+\); it reconnects by itself, the next attempt in .+\. Try again later\.$/,
      );
      expect(cell.mcps().list()[0]).toMatchObject({ state: 'down', tools: expect.arrayContaining(['pid']) });
      writeFileSync(gate, '');
      await nextSourceEvent(cell, (event) => event.state === 'ready', START_MS);
      expect(Number((await cell.run().call('pid', {})).text)).not.toBe(pid);
    } finally {
      await cleanup();
    }
  }, 60_000);
});

describe('configs that are wrong', () => {
  it('refuses each with a clear message and changes nothing', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      const cases: [unknown, string][] = [
        [null, 'an MCP server config must be an object with a name and a transport'],
        [
          { name: 'a b', transport: 'stdio' },
          `an MCP server's name must be 1 to 64 letters, digits, '_', '-' or '.', got "a b"`,
        ],
        [{ name: 'x', transport: 'ws' }, `the MCP server 'x' needs a transport, 'stdio' or 'http', got "ws"`],
        [{ name: 'x', transport: 'stdio' }, `the MCP server 'x' uses the stdio transport and needs a command to start`],
        [
          { name: 'x', transport: 'http', command: 'y' },
          `the MCP server 'x' uses the http transport; command applies only to stdio servers`,
        ],
        [
          { name: 'x', transport: 'http', url: 'ftp://h/' },
          `the MCP server 'x': url must start with http: or https:, got ftp:`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', comand: 'z' },
          `the MCP server config has an unknown field 'comand'; did you mean 'command'?`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', args: [1] },
          `the MCP server 'x': args must be a list of strings`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', timeoutMs: 0 },
          `the MCP server 'x': timeoutMs must be a positive whole number of milliseconds`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', prefix: 'a b' },
          `the MCP server 'x': prefix must be a few letters, digits, '.', '_' or '-' put before each tool name`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', paths: { t: { p: 'rw' } } },
          `the MCP server 'x': paths.t.p must be 'read' or 'write', got "rw"`,
        ],
        [
          { name: 'x', transport: 'stdio', command: 'y', sandbox: 'no' },
          `the MCP server 'x': sandbox must be true or false`,
        ],
        [
          { name: 'x', transport: 'http', url: 'http://h/', roots: 1 },
          `the MCP server 'x': roots must be true or false`,
        ],
      ];
      for (const [config, message] of cases) {
        await expect(cell.mcps().upsert(config as never), message).rejects.toThrow(message);
      }
      expect(cell.mcps().list()).toEqual([]);
      expect(cell.sources().ids()).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('runs two upserts of one name one after the other: the last config wins', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      const [first, second] = await Promise.all([
        cell.mcps().upsert({ ...changing, tools: ['clock'] }),
        cell.mcps().upsert({ ...changing, tools: ['clock'], prefix: 'c.' }),
      ]);
      expect([first.tools, second.tools]).toEqual([['clock'], ['c.clock']]);
      expect(
        cell
          .mcps()
          .list()
          .map((entry) => entry.tools),
      ).toEqual([['c.clock']]);
      expect(cell.sources().ids()).toEqual(['mcp:changing']);
      expect((await cell.run().call('c.clock', {})).text).toBe('12:00');
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('refuses a server whose source id is taken by another source', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      cell.sources().add({ kind: 'mcp', id: 'mcp:taken', provenance: 'hand-made', tools: () => [] });
      await expect(cell.mcps().upsert({ ...changing, name: 'taken' })).rejects.toThrow(
        "a source named 'mcp:taken' is attached already",
      );
      expect(cell.mcps().list()).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});
