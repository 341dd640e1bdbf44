import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Cell } from '@wesgine/runtime';
import { DIALECT_NAMES, exportToolAllDialects, Type } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenRunning, EVERYTHING, mcpCell, nextSourceEvent, sourceEvents, until } from './mcp-harness.js';

// `cell.mcps()` against the official reference server, `@modelcontextprotocol/server-everything`, over
// stdio and Streamable HTTP: listing, calls, structured results, errors, progress, cancellation, a
// killed server reconnecting, name clashes, the allow list and the prefix, upsert and deregister.

const START_MS = 30_000;
const everything = {
  name: 'everything',
  transport: 'stdio',
  command: process.execPath,
  args: [EVERYTHING, 'stdio'],
} as const;

describe('an MCP server over stdio', () => {
  let cell: Cell;
  let workDir: string;
  let cleanup: () => Promise<void>;
  const audit: unknown[] = [];
  let events: ReturnType<typeof sourceEvents>;

  beforeAll(async () => {
    ({ cell, workDir, cleanup } = mcpCell({ onAudit: (event) => audit.push(event) }));
    events = sourceEvents(cell);
    await cell.mcps().upsert(everything);
  }, START_MS);
  afterAll(() => cleanup());

  it('lists the server with its state, tools, server info and instructions', () => {
    const [entry] = cell.mcps().list();
    expect(entry).toMatchObject({
      name: 'everything',
      sourceId: 'mcp:everything',
      transport: 'stdio',
      state: 'ready',
      serverInfo: { name: 'mcp-servers/everything', version: '2.0.0', title: 'Everything Reference Server' },
      lastError: undefined,
    });
    expect(entry?.tools).toEqual([
      'echo',
      'get-annotated-message',
      'get-env',
      'get-resource-links',
      'get-resource-reference',
      'get-structured-content',
      'get-sum',
      'get-tiny-image',
      'gzip-file-as-resource',
      'toggle-simulated-logging',
      'toggle-subscriber-updates',
      'trigger-long-running-operation',
      // Registered once the server knows the client offers roots.
      'get-roots-list',
    ]);
    expect(entry?.instructions).toContain('Everything Server');
    expect(entry?.skipped).toEqual([
      { tool: 'simulate-research-query', reason: 'it runs only as an MCP task, which this client does not start' },
    ]);
    expect(events.map(({ state, message }) => ({ state, message }))).toEqual([
      {
        state: 'connecting',
        message: `Connecting to the MCP server everything (stdio: ${process.execPath} ${EVERYTHING} stdio).`,
      },
      {
        state: 'warning',
        message:
          "The MCP server everything's tool 'simulate-research-query' is left out: it runs only as an MCP task, which this client does not start.",
      },
      { state: 'ready', message: 'The MCP server everything (mcp-servers/everything@2.0.0) is ready with 13 tools.' },
    ]);
  });

  it("answers the server's roots/list with the cell's roots", async () => {
    const roots = await cell.run().call('get-roots-list', {});
    expect(roots.isError).toBe(false);
    expect(roots.text).toContain(pathToFileURL(workDir).href);
  });

  it('offers its tools to runs like any other, with the schema, description and hints as meta', () => {
    const tool = cell
      .run()
      .tools()
      .find((item) => item.name === 'get-sum');
    expect(tool).toMatchObject({ name: 'get-sum', description: 'Returns the sum of two numbers' });
    const definition = cell.cellTool('get-sum')?.definition;
    expect(definition?.meta).toEqual({ readOnly: true, idempotent: true, openWorld: false });
    expect(cell.cellTool('toggle-simulated-logging')?.definition.meta).toEqual({
      destructive: false,
      idempotent: false,
      openWorld: false,
    });
  });

  it("exports every tool to every provider's dialect, for the agent loop and the HTTP listing", () => {
    for (const { name } of cell.run().tools()) {
      const definition = cell.cellTool(name)?.definition;
      if (definition === undefined) throw new Error(`no definition for ${name}`);
      const exported = exportToolAllDialects(definition);
      expect(exported.map((item) => item.dialect)).toEqual([...DIALECT_NAMES]);
    }
  });

  it('calls a tool and audits it with the server as provenance', async () => {
    expect(await cell.run({ actor: 'ana' }).call('echo', { message: 'hello' })).toEqual({
      isError: false,
      text: 'Echo: hello',
    });
    expect(audit.at(-1)).toMatchObject({
      tool: 'echo',
      actor: 'ana',
      source: 'mcp',
      provenance: 'mcp-servers/everything@2.0.0',
      outcome: 'ok',
    });
  });

  it('validates the arguments against the server inputSchema before the server sees them', async () => {
    expect(await cell.run().call('get-sum', { a: 1, b: 'two', c: 3 })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `get-sum` are not valid (2 problems):\n- /b: must be a number, got "two" (a string)\n- /c: unknown key "c"; the keys allowed here are "a" and "b"',
    });
  });

  it('keeps structuredContent as data', async () => {
    expect(await cell.run().call('get-structured-content', { location: 'Chicago' })).toEqual({
      isError: false,
      text: '{"temperature":36,"conditions":"Light rain / drizzle","humidity":82}',
      data: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
    });
  });

  it('describes images and embedded resources in words', async () => {
    expect((await cell.run().call('get-tiny-image', {})).text).toBe(
      "Here's the image you requested:\n[image: image/png, 3.9 KB]\nThe image above is the MCP logo.",
    );
    const reference = await cell.run().call('get-resource-reference', { resourceType: 'Text', resourceId: 2 });
    expect(reference.text).toMatch(
      /^Returning resource reference for Resource 2:\n\[resource demo:\/\/resource\/dynamic\/text\/2, text\/plain\]\nResource 2: This is a plaintext resource created at .+\nYou can access this resource using the URI: demo:\/\/resource\/dynamic\/text\/2$/,
    );
  });

  it("turns the server's isError result into a tool error with the server's text", async () => {
    expect(await cell.run().call('get-resource-reference', { resourceType: 'Text', resourceId: 0 })).toEqual({
      isError: true,
      code: 'handler_failed',
      text: 'Invalid resourceId: 0. Must be a finite positive integer.',
    });
    expect(audit.at(-1)).toMatchObject({ tool: 'get-resource-reference', outcome: 'handler_failed', stage: 'handle' });
  });

  it("passes the server's progress notifications to the cell's events and the call's listener", async () => {
    const heard: unknown[] = [];
    const stop = cell.onEvent((event) => {
      if (event.kind === 'progress') heard.push(event);
    });
    const own: unknown[] = [];
    try {
      const result = await cell
        .run({ actor: 'ana' })
        .call(
          'trigger-long-running-operation',
          { duration: 0.3, steps: 3 },
          { onProgress: (update) => own.push(update) },
        );
      expect(result).toEqual({
        isError: false,
        text: 'Long running operation completed. Duration: 0.3 seconds, Steps: 3.',
      });
    } finally {
      stop();
    }
    expect(own).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
    expect(heard).toHaveLength(3);
    expect(heard[0]).toMatchObject({
      kind: 'progress',
      tool: 'trigger-long-running-operation',
      actor: 'ana',
      progress: 1,
      total: 3,
    });
  });

  it("passes the server's log messages during a call to the call's log", async () => {
    const lines: [string, string][] = [];
    const heard: unknown[] = [];
    const stop = cell.onEvent((event) => {
      if (event.kind === 'log') heard.push(event);
    });
    try {
      const started = await cell
        .run()
        .call('toggle-simulated-logging', {}, { onLog: (level, message) => lines.push([level, message]) });
      expect(started.text).toMatch(/^Started simulated, random-leveled logging/);
    } finally {
      stop();
      // Off again: the server would otherwise keep logging every 5 s.
      await cell.run().call('toggle-simulated-logging', {});
    }
    expect(lines).toHaveLength(1);
    const [level, message] = lines[0] ?? [];
    expect(['debug', 'info', 'warn', 'error']).toContain(level);
    expect(message).toMatch(/^\w+[- ]level[- ]message$/i);
    expect(heard[0]).toMatchObject({ kind: 'log', tool: 'toggle-simulated-logging', message });
  });

  it('cancels the MCP request when the call alone is cancelled', async () => {
    const controller = new AbortController();
    const pending = cell
      .run()
      .call('trigger-long-running-operation', { duration: 20, steps: 20 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toMatchObject({ isError: true, code: 'aborted' });
  });

  it('cancels the MCP request when the run is cancelled', async () => {
    const controller = new AbortController();
    const run = cell.run({ signal: controller.signal });
    const started = Date.now();
    const pending = run.call('trigger-long-running-operation', { duration: 20, steps: 20 });
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toEqual({
      isError: true,
      code: 'aborted',
      text: 'trigger-long-running-operation was cancelled',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    // The session is still good for the next call.
    expect((await cell.run().call('echo', { message: 'after' })).text).toBe('Echo: after');
  });

  it(
    'gives each call the time limit of its config, not a fixed 60 s',
    async () => {
      const limited = mcpCell();
      try {
        await limited.cell.mcps().upsert({ ...everything, timeoutMs: 400 });
        expect(await limited.cell.run().call('trigger-long-running-operation', { duration: 5, steps: 5 })).toEqual({
          isError: true,
          code: 'timeout',
          text: 'trigger-long-running-operation did not finish within 400 ms',
        });
      } finally {
        await limited.cleanup();
      }
    },
    START_MS,
  );
});

describe('the life of a server', () => {
  it('reconnects a killed server with backoff, saying so in source events', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      await cell.mcps().upsert(everything);
      const [child] = childrenRunning(EVERYTHING);
      expect(child).toBeDefined();
      const down = nextSourceEvent(cell, (event) => event.state === 'down');
      const back = nextSourceEvent(cell, (event) => event.state === 'ready', START_MS);
      process.kill(child?.pid ?? 0, 'SIGKILL');
      expect((await down).message).toMatch(
        /^The MCP server everything is down: the server process exited.*\. The next attempt to connect is in \d+ ms\.$/,
      );
      await back;
      expect(cell.mcps().list()[0]).toMatchObject({ state: 'ready', lastError: undefined });
      expect((await cell.run().call('echo', { message: 'again' })).text).toBe('Echo: again');
      expect(childrenRunning(EVERYTHING).map((row) => row.pid)).not.toContain(child?.pid);
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('leaves out a tool whose name is taken, and a prefix makes every name its own', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      cell
        .tools()
        .register({ name: 'echo', description: 'Our echo.', parameters: Type.Object({}), handler: () => 'ours' });
      const events = sourceEvents(cell);
      const entry = await cell.mcps().upsert({ ...everything, tools: ['echo', 'get-sum', 'no-such-tool'] });
      expect(events.filter((event) => event.state === 'warning').map((event) => event.message)).toEqual([
        "The MCP server everything's tool 'no-such-tool' is left out: the tools allow list names it, but the server does not offer it.",
        "the tool 'echo' of mcp:everything was left out: its name is taken by an SDK tool of the cell",
      ]);
      expect(entry.tools).toEqual(['get-sum']);
      expect(entry.skipped).toEqual([
        { tool: 'no-such-tool', reason: 'the tools allow list names it, but the server does not offer it' },
        { tool: 'echo', reason: 'another tool of the cell has its name' },
      ]);
      expect((await cell.run().call('echo', {})).text).toBe('ours');

      const before = sourceEvents(cell);
      const prefixed = await cell.mcps().upsert({ ...everything, tools: ['echo', 'get-sum'], prefix: 'ev.' });
      expect(before.map((event) => event.state)).toEqual(['removed', 'connecting', 'ready']);
      expect(prefixed.tools).toEqual(['ev.echo', 'ev.get-sum']);
      expect((await cell.run().call('ev.echo', { message: 'x' })).text).toBe('Echo: x');
      expect((await cell.run().call('echo', {})).text).toBe('ours');
      expect(await cell.run().call('get-sum', { a: 1, b: 2 })).toMatchObject({ code: 'unknown_tool' });
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('does nothing for the same config, and deregistering stops the process', async () => {
    const { cell, cleanup } = mcpCell();
    try {
      await cell.mcps().upsert(everything);
      const events = sourceEvents(cell);
      const again = await cell.mcps().upsert({ ...everything, args: [...everything.args] });
      expect(again.state).toBe('ready');
      expect(events).toEqual([]);
      expect(childrenRunning(EVERYTHING)).toHaveLength(1);
      expect(await cell.mcps().deregister('everything')).toBe(true);
      expect(await cell.mcps().deregister('everything')).toBe(false);
      expect(cell.mcps().list()).toEqual([]);
      expect(await cell.run().call('echo', { message: 'x' })).toMatchObject({ code: 'unknown_tool' });
      expect(events.map((event) => event.message)).toEqual(['The MCP server everything was removed.']);
      await until(() => childrenRunning(EVERYTHING).length === 0, 10_000, 'the server process ending');
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('stops every server with the cell, leaving no process behind', async () => {
    const { cell, cleanup } = mcpCell();
    await Promise.all([
      cell.mcps().upsert(everything),
      cell.mcps().upsert({ ...everything, name: 'second', prefix: 'two.' }),
    ]);
    expect(
      cell
        .mcps()
        .list()
        .map((entry) => entry.state),
    ).toEqual(['ready', 'ready']);
    expect(childrenRunning(EVERYTHING)).toHaveLength(2);
    await cleanup();
    expect(childrenRunning(EVERYTHING)).toEqual([]);
    await expect(cell.mcps().upsert({ ...everything, name: 'late' })).rejects.toThrow(
      'the cell is stopped; it takes no more MCP servers',
    );
  }, 60_000);

  it(
    'marks a server that cannot start as down, with the reason',
    async () => {
      const { cell, cleanup } = mcpCell();
      try {
        const entry = await cell
          .mcps()
          .upsert({ name: 'missing', transport: 'stdio', command: 'no-such-mcp-server-here' });
        expect(entry).toMatchObject({ state: 'down', tools: [] });
        expect(entry.lastError).toMatch(
          /^mcp:missing cannot start in the OS sandbox: no-such-mcp-server-here was not found on the PATH \(.+\)$/,
        );
        const plain = await cell.mcps().upsert({
          name: 'missing-too',
          transport: 'stdio',
          command: 'no-such-mcp-server-here',
          sandbox: false,
        });
        expect(plain).toMatchObject({ state: 'down', sandboxed: false });
        expect(plain.lastError).toMatch(/^could not start 'no-such-mcp-server-here': .*ENOENT/);
      } finally {
        await cleanup();
      }
    },
    START_MS,
  );
});

describe('an MCP server over Streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    server = await startHttpServer(port);
  }, START_MS);
  afterAll(() => {
    server.kill();
  });

  it(
    'connects, lists and calls with the configured headers',
    async () => {
      const { cell, cleanup } = mcpCell();
      // A pass-through proxy in front of the server, to see the headers that reach it.
      const seen: (string | undefined)[] = [];
      const target = new URL(url);
      const proxy = createHttpServer((incoming, outgoing) => {
        seen.push(incoming.headers['x-team'] as string | undefined);
        const forwarded = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: incoming.url,
            method: incoming.method,
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        incoming.pipe(forwarded);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const address = proxy.address();
      const proxied = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
      try {
        const entry = await cell.mcps().upsert({
          name: 'remote',
          transport: 'http',
          url: proxied,
          headers: { 'x-team': 'tools' },
          prefix: 'remote_',
        });
        expect(entry).toMatchObject({ state: 'ready', transport: 'http', sandboxed: undefined });
        expect(entry.tools).toContain('remote_echo');
        expect(await cell.run().call('remote_echo', { message: 'over http' })).toEqual({
          isError: false,
          text: 'Echo: over http',
        });
        expect(await cell.run().call('remote_get-sum', { a: 2, b: 3 })).toEqual({
          isError: false,
          text: 'The sum of 2 and 3 is 5.',
        });
        expect(seen.length).toBeGreaterThan(2);
        expect(seen.every((value) => value === 'tools')).toBe(true);
      } finally {
        await cleanup();
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
    START_MS,
  );

  it('marks a server that went away down, answers unavailable, and reconnects when it is back', async () => {
    const port = await freePort();
    let own = await startHttpServer(port);
    const { cell, cleanup } = mcpCell();
    try {
      await cell.mcps().upsert({ name: 'flaky', transport: 'http', url: `http://127.0.0.1:${port}/mcp` });
      expect((await cell.run().call('echo', { message: 'one' })).text).toBe('Echo: one');
      own.kill('SIGKILL');
      await new Promise((resolve) => own.once('exit', resolve));
      const failed = await cell.run().call('echo', { message: 'two' });
      expect(failed.code).toBe('unavailable');
      expect(failed.text).toMatch(
        /^The MCP server flaky could not be reached \(.+\); it reconnects by itself, try again shortly\.$/,
      );
      expect(cell.mcps().list()[0]?.state).not.toBe('ready');
      const back = nextSourceEvent(cell, (event) => event.state === 'ready', START_MS);
      own = await startHttpServer(port);
      await back;
      expect((await cell.run().call('echo', { message: 'three' })).text).toBe('Echo: three');
    } finally {
      await cleanup();
      own.kill();
    }
  }, 60_000);

  it(
    'marks an unreachable endpoint down, and its calls answer unavailable',
    async () => {
      const { cell, cleanup } = mcpCell();
      try {
        const port = await freePort();
        const entry = await cell
          .mcps()
          .upsert({ name: 'gone', transport: 'http', url: `http://127.0.0.1:${port}/mcp` });
        expect(entry.state).toBe('down');
        expect(entry.lastError).toMatch(new RegExp(`^could not reach http://127.0.0.1:${port}/mcp: `));
      } finally {
        await cleanup();
      }
    },
    START_MS,
  );
});

/** The everything server in its Streamable HTTP mode on `port`, once it listens. */
async function startHttpServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', () => reject(new Error('the HTTP server exited')));
  });
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
