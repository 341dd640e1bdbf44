import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@wesgine/schema';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../engine/cell.js';
import type { McpServerStatus } from '../mcp/client/mcp-server-status.js';
import { authMiddleware } from './auth-options.js';
import type { CatalogueEntry } from './catalogue-routes.js';
import { createApp } from './create-app.js';
import { fixtureCell } from './http.test.fixture.js';
import { jsonBodyReader } from './json-body.js';
import { addSourceRoutes, type SourcesView } from './source-routes.js';

// The source routes against a real MCP server: a child process on stdio (source-routes.test.fixture.mjs,
// the official SDK), started, called and stopped through the API.

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'source-routes.test.fixture.mjs');
const OWNER = { authorization: 'Bearer owner-token' };
const ANN = { authorization: 'Bearer ann-token' };
const START_MS = 30_000;

const cells: Cell[] = [];
afterEach(async () => {
  await Promise.all(cells.splice(0).map((cell) => cell.stop()));
});

function sourcesApp() {
  const { cell } = fixtureCell();
  cells.push(cell);
  const app = createApp(cell, { token: 'owner-token', actorTokens: [{ actor: 'ann', token: 'ann-token' }] });
  return { cell, app };
}

function put(app: Hono, name: string, body: unknown, headers: Record<string, string> = OWNER) {
  return app.request(`/sources/mcp/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function view(app: Hono): Promise<SourcesView> {
  const response = await app.request('/sources', { headers: OWNER });
  expect(response.status).toBe(200);
  return (await response.json()) as SourcesView;
}

async function toolNames(app: Hono): Promise<string[]> {
  const tools = (await (await app.request('/tools', { headers: OWNER })).json()) as { name: string }[];
  return tools.map((tool) => tool.name);
}

const greeter = { command: process.execPath, args: [FIXTURE] };

describe('the source routes', () => {
  it('list no sources for a cell without any', async () => {
    const { app } = sourcesApp();
    expect(await view(app)).toEqual({ mcp: [], plugins: [], conflicts: [] });
  });

  it(
    'add an MCP server by command, answer once it is ready, call its tool, and remove it',
    async () => {
      const { app } = sourcesApp();
      const added = await put(app, 'greeter', greeter);
      expect(added.status).toBe(200);
      const status = (await added.json()) as McpServerStatus;
      expect(status).toMatchObject({
        name: 'greeter',
        sourceId: 'mcp:greeter',
        transport: 'stdio',
        state: 'ready',
        tools: ['greet', 'shout'],
        skipped: [],
        serverInfo: { name: 'greeter', version: '1.2.0' },
        instructions: 'Greets people.',
      });
      expect((await view(app)).mcp).toEqual([status]);
      expect(await toolNames(app)).toEqual(expect.arrayContaining(['greet', 'shout']));

      const call = await app.request('/tools/greet/call', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...OWNER },
        body: JSON.stringify({ args: { name: 'Ana' } }),
      });
      expect(await call.json()).toEqual({ isError: false, text: 'Hello, Ana!' });

      const catalogue = (await (await app.request('/catalogue', { headers: OWNER })).json()) as CatalogueEntry[];
      expect(catalogue.find((entry) => entry.name === 'greet')).toMatchObject({
        source: { kind: 'mcp', id: 'mcp:greeter', provenance: 'greeter@1.2.0' },
        category: 'exploration',
        categoryFrom: 'meta',
        description: 'Greets someone by name.',
      });

      const removed = await app.request('/sources/mcp/greeter', { method: 'DELETE', headers: OWNER });
      expect([removed.status, await removed.json()]).toEqual([200, { removed: true }]);
      expect(await toolNames(app)).not.toContain('greet');
      expect((await view(app)).mcp).toEqual([]);

      const again = await app.request('/sources/mcp/greeter', { method: 'DELETE', headers: OWNER });
      expect([again.status, await again.json()]).toEqual([
        404,
        { error: { code: 'unknown_source', message: 'there is no MCP server named "greeter"; the cell has none' } },
      ]);
    },
    START_MS,
  );

  it(
    'keep a server whose config is the same, and restart one whose config changed',
    async () => {
      const { app } = sourcesApp();
      const first = (await (await put(app, 'greeter', greeter)).json()) as McpServerStatus;
      const same = (await (await put(app, 'greeter', { ...greeter, transport: 'stdio' })).json()) as McpServerStatus;
      expect(same).toEqual(first);
      const narrowed = await put(app, 'greeter', { ...greeter, tools: ['greet'] });
      expect(await narrowed.json()).toMatchObject({ state: 'ready', tools: ['greet'] });
      expect(await toolNames(app)).not.toContain('shout');
    },
    START_MS,
  );

  it(
    'tell the tools a server offers that another tool of the cell has the name of',
    async () => {
      const { cell, app } = sourcesApp();
      cell.tools().register({
        name: 'greet',
        description: 'Greets, the cell’s own way.',
        parameters: Type.Object({}),
        handler: () => 'hi',
      });
      await put(app, 'greeter', greeter);
      await put(app, 'other', { ...greeter, tools: ['shout'] });
      const { conflicts, mcp } = await view(app);
      expect(conflicts).toEqual([
        {
          tool: 'greet',
          reason: `mcp:greeter offers it, but the name belongs to an SDK tool of the cell (cell ${cell.id})`,
        },
        {
          tool: 'shout',
          reason: 'mcp:other offers it, but the name belongs to the tool of mcp:greeter (greeter@1.2.0)',
        },
      ]);
      expect(mcp.map((server) => [server.name, server.tools, server.skipped])).toEqual([
        ['greeter', ['shout'], [{ tool: 'greet', reason: 'another tool of the cell has its name' }]],
        ['other', [], [{ tool: 'shout', reason: 'another tool of the cell has its name' }]],
      ]);
    },
    START_MS,
  );

  it(
    'answer a server that cannot start once it is down, with why',
    async () => {
      const { app } = sourcesApp();
      const response = await put(app, 'broken', { command: process.execPath, args: ['-e', 'process.exit(3)'] });
      expect(response.status).toBe(200);
      const status = (await response.json()) as McpServerStatus;
      expect(status).toMatchObject({ name: 'broken', state: 'down', tools: [] });
      expect(status.lastError).toBe(`could not start '${process.execPath}': Connection closed`);
    },
    START_MS,
  );

  it(
    'take a URL of the network a cell lists in network.allowHosts',
    async () => {
      const { cell } = fixtureCell({ network: { allowHosts: ['10.255.255.1'] } });
      cells.push(cell);
      const app = createApp(cell, { token: 'owner-token' });
      const response = await put(app, 'lan', { url: 'http://10.255.255.1:9/mcp', timeoutMs: 500 });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ name: 'lan', transport: 'http' });
    },
    START_MS,
  );

  it(
    'take a URL as an http server',
    async () => {
      const { app } = sourcesApp();
      const response = await put(app, 'remote', { url: 'http://127.0.0.1:9/mcp' });
      expect(await response.json()).toMatchObject({ name: 'remote', transport: 'http', state: 'down' });
    },
    START_MS,
  );

  it('refuse a wrong config with the checker’s sentence, changing nothing', async () => {
    const { app } = sourcesApp();
    const cases: [string, unknown, string][] = [
      ['greeter', {}, 'give a command to start (a stdio server, with args) or a url (a Streamable HTTP server)'],
      [
        'greeter',
        { command: 'node', url: 'http://127.0.0.1:9/mcp' },
        'give either a command (a server started on stdio) or a url (a Streamable HTTP server), not both',
      ],
      [
        'greeter',
        { command: 'node', headers: { a: 'b' } },
        "the MCP server 'greeter' uses the stdio transport; headers applies only to http servers",
      ],
      [
        'greeter',
        { command: 'node', tmeoutMs: 5 },
        "the MCP server config has an unknown field 'tmeoutMs'; did you mean 'timeoutMs'?",
      ],
      [
        'greeter',
        { url: 'ftp://example.org' },
        "the MCP server 'greeter': url must start with http: or https:, got ftp:",
      ],
      ['greeter', { command: 'node', args: 'server.js' }, "the MCP server 'greeter': args must be a list of strings"],
      [
        'greeter',
        { name: 'other', command: 'node' },
        'the server\'s name comes from the path ("greeter"); leave name out of the body',
      ],
      [
        'greeter',
        { command: 'node', sandbox: false },
        "the HTTP API starts MCP servers inside the OS sandbox only; one that needs the host's rights (sandbox: false) is added in code, with cell.mcps().upsert",
      ],
      [
        'meta',
        { url: 'http://169.254.169.254/latest/' },
        "the MCP server 'meta': The address 169.254.169.254 is a link-local address; private, loopback and link-local addresses cannot be fetched. Over HTTP a server's url is this machine or a public host; a host of your own network is reached once the cell lists it in network.allowHosts",
      ],
      [
        'lan',
        { url: 'http://10.1.2.3:8080/mcp' },
        "the MCP server 'lan': The address 10.1.2.3 is a private address (RFC 1918); private, loopback and link-local addresses cannot be fetched. Over HTTP a server's url is this machine or a public host; a host of your own network is reached once the cell lists it in network.allowHosts",
      ],
      [
        'any',
        { url: 'http://0.0.0.0:9/mcp' },
        "the MCP server 'any': The address 0.0.0.0 is the unspecified address; private, loopback and link-local addresses cannot be fetched. Over HTTP a server's url is this machine or a public host; a host of your own network is reached once the cell lists it in network.allowHosts",
      ],
      [
        'bad%20name',
        { command: 'node' },
        `an MCP server's name must be 1 to 64 letters, digits, '_', '-' or '.', got "bad name"`,
      ],
    ];
    for (const [name, body, message] of cases) {
      const response = await put(app, name, body);
      expect([response.status, await response.json()], JSON.stringify(body)).toEqual([
        400,
        { error: { code: 'invalid_body', message } },
      ]);
    }
    expect(await view(app)).toEqual({ mcp: [], plugins: [], conflicts: [] });
  });

  it('answer 503 once the cell is stopped, starting nothing', async () => {
    const { cell, app } = sourcesApp();
    await cell.stop();
    const response = await put(app, 'greeter', greeter);
    expect([response.status, await response.json()]).toEqual([
      503,
      { error: { code: 'unavailable', message: 'the cell is stopped; it takes no more MCP servers' } },
    ]);
    expect((await view(app)).mcp).toEqual([]);
  });

  it('refuse a client with an actor token: the sources are the owner’s', async () => {
    const { app } = sourcesApp();
    const refusals = [
      await app.request('/sources', { headers: ANN }),
      await put(app, 'greeter', greeter, ANN),
      await app.request('/sources/mcp/greeter', { method: 'DELETE', headers: ANN }),
    ];
    const bodies = await Promise.all(refusals.map((response) => response.json()));
    expect(refusals.map((response) => response.status)).toEqual([403, 403, 403]);
    expect(bodies).toEqual([
      {
        error: {
          code: 'forbidden',
          message: `this token acts as "ann"; the cell's sources is for the owner's token only`,
        },
      },
      {
        error: {
          code: 'forbidden',
          message: `this token acts as "ann"; adding an MCP server is for the owner's token only`,
        },
      },
      {
        error: {
          code: 'forbidden',
          message: `this token acts as "ann"; removing an MCP server is for the owner's token only`,
        },
      },
    ]);
    expect(await view(app)).toEqual({ mcp: [], plugins: [], conflicts: [] });
  });

  it(
    'answer with the server still connecting when it takes longer than the wait',
    async () => {
      const { cell } = fixtureCell();
      cells.push(cell);
      const app = new Hono();
      app.use(authMiddleware({ auth: 'none' }));
      addSourceRoutes(app, cell, jsonBodyReader(1024 * 1024), 300);
      const response = await put(app, 'silent', { command: process.execPath, args: [FIXTURE, 'silent'] }, {});
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ name: 'silent', state: 'connecting', tools: [] });
    },
    START_MS,
  );

  // The server's handshake may take 30 s; these tests' limits are well below it, so a route that waits
  // the handshake out fails them.
  it('remove a server that never answers at once, not once its handshake gave up', async () => {
    const { cell } = fixtureCell();
    cells.push(cell);
    const app = new Hono();
    app.use(authMiddleware({ auth: 'none' }));
    addSourceRoutes(app, cell, jsonBodyReader(1024 * 1024), 300);
    const silent = { command: process.execPath, args: [FIXTURE, 'silent'] };
    expect(await (await put(app, 'silent', silent, {})).json()).toMatchObject({ state: 'connecting' });
    const removed = await app.request('/sources/mcp/silent', { method: 'DELETE' });
    expect([removed.status, await removed.json()]).toEqual([200, { removed: true }]);
    expect(cell.mcps().list()).toEqual([]);
  }, 10_000);

  it(
    'answer two PUTs of one name at once, the server the last one made staying',
    async () => {
      const { app } = sourcesApp();
      const answers = await Promise.all([
        put(app, 'greeter', greeter),
        put(app, 'greeter', { ...greeter, prefix: 'b.' }),
      ]);
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as McpServerStatus[];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      for (const body of bodies) expect(body).toMatchObject({ name: 'greeter', state: 'ready' });
      expect(bodies[1]?.tools).toEqual(['b.greet', 'b.shout']);
      expect((await view(app)).mcp.map((server) => [server.name, server.tools])).toEqual([
        ['greeter', ['b.greet', 'b.shout']],
      ]);
    },
    START_MS,
  );

  it('answer a PUT whose server a later PUT replaced while it was connecting with the server now', async () => {
    const { cell, app } = sourcesApp();
    const first = put(app, 'greeter', { command: process.execPath, args: [FIXTURE, 'silent'] });
    while (cell.mcps().list().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await put(app, 'greeter', greeter);
    const replaced = await first;
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ name: 'greeter', state: 'ready', tools: ['greet', 'shout'] });
    expect(await second.json()).toMatchObject({ name: 'greeter', state: 'ready', tools: ['greet', 'shout'] });
  }, 12_000);

  it('replace a server that never answers at once, with the new one ready', async () => {
    const { cell } = fixtureCell();
    cells.push(cell);
    const quick = new Hono();
    quick.use(authMiddleware({ auth: 'none' }));
    addSourceRoutes(quick, cell, jsonBodyReader(1024 * 1024), 300);
    const silent = { command: process.execPath, args: [FIXTURE, 'silent'] };
    expect(await (await put(quick, 'greeter', silent, {})).json()).toMatchObject({ state: 'connecting' });
    const app = createApp(cell, { token: 'owner-token' });
    const replaced = await put(app, 'greeter', greeter);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ name: 'greeter', state: 'ready', tools: ['greet', 'shout'] });
    expect(await toolNames(app)).toEqual(['add', 'delegate', 'greet', 'look', 'read_note', 'shout']);
  }, 12_000);
});
