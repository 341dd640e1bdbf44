import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import { judgeUrl, type UrlOptions } from '../governance/url/judge-url.js';
import { checkMcpServerConfig } from '../mcp/client/mcp-server-config.js';
import type { McpServerStatus } from '../mcp/client/mcp-server-status.js';
import type { PluginStatus } from '../plugin/plugin-status.js';
import { httpError } from './http-error.js';
import type { JsonObject, ReadBody } from './json-body.js';
import { ownerOnly } from './owner-only.js';

/** The cell's tool sources, as `GET /sources` answers it. */
export interface SourcesView {
  readonly mcp: readonly McpServerStatus[];
  readonly plugins: readonly PluginStatus[];
  /** Tools a source offers that are left out because another tool has the name. */
  readonly conflicts: readonly { readonly tool: string; readonly reason: string }[];
}

/** How long `PUT /sources/mcp/:name` waits for the server to be ready or down before it answers anyway. */
export const SOURCE_WAIT_MS = 15_000;

/**
 * `GET /sources`, `PUT /sources/mcp/:name` (body: the `McpServerConfig` without `name`; answers the
 * server's status once it is ready or down, or after 15 s while still connecting) and
 * `DELETE /sources/mcp/:name`. Owner only: an actor token gets 403 `forbidden`.
 *
 * The body's `transport` may be left out: a `command` means `stdio`, a `url` means `http`. The config is
 * checked by the MCP client's own checker before anything starts, and a wrong one is 400 `invalid_body`
 * with its sentence; so is a `url` on a private or link-local address that the cell's `network.allowHosts`
 * does not list (this machine is let through). `sandbox: false` is refused: a token reaches no further than the OS sandbox (a cell
 * whose sandbox is off runs every server with the host's rights, as it chose). A PUT of a name in use replaces that server when the config differs (its process is
 * stopped and a new one started) and changes nothing when it is the same. `waitMs` is for tests.
 */
export function addSourceRoutes(app: Hono, cell: Cell, readBody: ReadBody, waitMs = SOURCE_WAIT_MS): void {
  app.get('/sources', (context) => {
    const refused = ownerOnly(context, "the cell's sources");
    if (refused !== undefined) return refused;
    return context.json(sourcesView(cell));
  });

  app.put('/sources/mcp/:name', async (context) => {
    const refused = ownerOnly(context, 'adding an MCP server');
    if (refused !== undefined) return refused;
    const body = await readBody(context);
    if (!body.ok) return body.response;
    const name = context.req.param('name');
    const given = serverConfig(name, body.value);
    if (typeof given === 'string') return httpError(context, 'invalid_body', given);
    let config: ReturnType<typeof checkMcpServerConfig>;
    try {
      config = checkMcpServerConfig(given, cell.spec.workDir);
    } catch (error) {
      return httpError(context, 'invalid_body', (error as Error).message);
    }
    const refusal =
      config.url === undefined ? undefined : await addressRefusal(config.name, config.url, cell.spec.network);
    if (refusal !== undefined) return httpError(context, 'invalid_body', refusal);
    const mcps = cell.mcps();
    const upserted = mcps.upsert(config);
    // Whatever happens after the wait is over is told by `source` events; it must not go unhandled.
    upserted.catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, waitMs, undefined);
    });
    try {
      const status = await Promise.race([upserted, waited]);
      return context.json(status ?? mcps.list().find((server) => server.name === config.name));
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the cell is stopped')) {
        return httpError(context, 'unavailable', 'the cell is stopped; it takes no more MCP servers');
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  });

  app.delete('/sources/mcp/:name', async (context) => {
    const refused = ownerOnly(context, 'removing an MCP server');
    if (refused !== undefined) return refused;
    const name = context.req.param('name');
    const mcps = cell.mcps();
    if (await mcps.deregister(name)) return context.json({ removed: true });
    const names = mcps.list().map((server) => server.name);
    const known = names.length === 0 ? 'the cell has none' : `the ones it has: ${names.join(', ')}`;
    return httpError(context, 'unknown_source', `there is no MCP server named ${JSON.stringify(name)}; ${known}`);
  });
}

/** The loopback names: a server on this machine is the owner's own, as the API itself is. */
const THIS_MACHINE = ['localhost', '127.0.0.1', '::1'];

/**
 * Why the API must not connect to a server's `url`, or undefined: the host process connects to it, so
 * a token would otherwise reach what no network tool of the cell may (the cloud's metadata address, a
 * private network). This machine and the hosts the cell lists in `network.allowHosts` are let through;
 * a name that cannot be resolved is left to the client, which says so and retries.
 */
async function addressRefusal(name: string, url: string, network: UrlOptions | undefined): Promise<string | undefined> {
  const judged = await judgeUrl(url, { ...network, allowHosts: [...(network?.allowHosts ?? []), ...THIS_MACHINE] });
  if (judged.allow || (judged.rule !== 'url-private-address' && judged.rule !== 'url-localhost')) return undefined;
  return (
    `the MCP server '${name}': ${judged.reason} Over HTTP a server's url is this machine or a public host; ` +
    'a host of your own network is reached once the cell lists it in network.allowHosts'
  );
}

/** The cell's MCP servers and plugins with their states, and the tools left out for a name in use. */
export function sourcesView(cell: Cell): SourcesView {
  const conflicts = [...cell.sources().conflicts()].map(([tool, sourceId]) => ({
    tool,
    reason: `${sourceId} offers it, but the name belongs to ${holderOf(cell, tool)}`,
  }));
  return { mcp: cell.mcps().list(), plugins: cell.plugins().list(), conflicts };
}

function holderOf(cell: Cell, name: string): string {
  const engine = cell.engineTool(name);
  if (engine !== undefined) return `the engine's tool (${engine.provenance})`;
  const own = cell.cellTool(name);
  if (own === undefined) return 'another tool';
  if (own.sourceId !== undefined) return `the tool of ${own.sourceId} (${own.provenance})`;
  return own.source === 'agent' ? 'a sub-agent tool of the cell' : `an SDK tool of the cell (${own.provenance})`;
}

/**
 * The config the body describes, named by the path, with its transport said or read from what it
 * gives; or the sentence saying why the body describes none.
 */
function serverConfig(name: string, body: JsonObject): JsonObject | string {
  if (body.name !== undefined && body.name !== name) {
    return `the server's name comes from the path (${JSON.stringify(name)}); leave name out of the body`;
  }
  // Whoever holds the token gets no further than the OS sandbox: the host's rights are given in code only.
  if (body.sandbox === false) {
    return "the HTTP API starts MCP servers inside the OS sandbox only; one that needs the host's rights (sandbox: false) is added in code, with cell.mcps().upsert";
  }
  if (body.transport !== undefined) return { ...body, name };
  const command = body.command !== undefined;
  const url = body.url !== undefined;
  if (command && url) {
    return 'give either a command (a server started on stdio) or a url (a Streamable HTTP server), not both';
  }
  if (!command && !url) {
    return 'give a command to start (a stdio server, with args) or a url (a Streamable HTTP server)';
  }
  return { ...body, name, transport: command ? 'stdio' : 'http' };
}
