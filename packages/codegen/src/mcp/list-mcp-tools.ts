import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { McpListing, McpToolListing } from './mcp-listing.js';
import { commandLine, expandHeaders, type McpSource } from './mcp-source.js';

export interface ListMcpToolsOptions {
  /** How long connecting and each listing request may take, in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
}

/** The listing, or why the server could not give it, in a sentence. */
export type ListMcpToolsOutcome =
  | { readonly ok: true; readonly listing: McpListing }
  | { readonly ok: false; readonly reason: string };

const DEFAULT_TIMEOUT_MS = 30_000;
/** A server that keeps paging past this is not listing tools any more. */
const MAX_PAGES = 100;
/** How much of a failing server's stderr goes into the reason. */
const STDERR_TAIL = 600;

/**
 * Connects to the MCP server with the official SDK client (imported here, on first use), lists every
 * tool (following the pagination cursor) and disconnects; a stdio server's process is always ended.
 * Never throws: a server that cannot start, does not answer in time, offers no tools or answers with
 * something that is not a tool list is an `ok: false` with the reason (and the end of its stderr).
 */
export async function listMcpTools(source: McpSource, options: ListMcpToolsOptions = {}): Promise<ListMcpToolsOutcome> {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const [{ Client }, { ListRootsRequestSchema, ListToolsResultSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  if (source.transport === 'stdio' && !isFolder(source.cwd)) {
    return { ok: false, reason: `${describeSource(source)} could not start: its folder ${source.cwd} does not exist` };
  }
  const stderr: string[] = [];
  let transport: import('@modelcontextprotocol/sdk/shared/transport.js').Transport;
  try {
    transport = await makeTransport(source, stderr);
  } catch (error) {
    return { ok: false, reason: describeFailure(source, error, stderr) };
  }
  // As a cell's MCP client does, the import offers roots (the folder it runs in): some servers list
  // tools only to a client that has them, and the import must see what a cell sees.
  const client = new Client({ name: 'wesgine-tools import', version: '1' }, { capabilities: { roots: {} } });
  const root = source.transport === 'stdio' ? source.cwd : process.cwd();
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: [{ uri: pathToFileURL(root).href, name: 'workdir' }],
  }));
  try {
    await client.connect(transport, { timeout });
    if (client.getServerCapabilities()?.tools === undefined) {
      return { ok: false, reason: `${describeSource(source)} does not offer tools (no tools capability)` };
    }
    const tools: McpToolListing[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ListToolsResultSchema,
        { timeout },
      );
      tools.push(...result.tools.map(toListing));
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    if (cursor !== undefined) {
      return { ok: false, reason: `${describeSource(source)} was still paging its tool list after ${MAX_PAGES} pages` };
    }
    const info = client.getServerVersion();
    return { ok: true, listing: { server: { name: info?.name ?? 'unknown', version: info?.version ?? '' }, tools } };
  } catch (error) {
    return { ok: false, reason: describeFailure(source, error, stderr) };
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function makeTransport(source: McpSource, stderr: string[]) {
  if (source.transport === 'http') {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const headers = expandHeaders(source.headers ?? {}, process.env);
    if (typeof headers === 'string') throw new Error(headers);
    return new StreamableHTTPClientTransport(new URL(source.url), { requestInit: { headers } });
  }
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: source.command,
    args: [...source.args],
    cwd: source.cwd,
    // The user's own command, run as they would run it: with their environment (API keys included).
    env: inheritedEnvironment(),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    // Keep only the end: a chatty server must not grow the import's memory.
    while (stderr.join('').length > STDERR_TAIL * 2 && stderr.length > 1) stderr.shift();
  });
  return transport;
}

function toListing(tool: {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: unknown;
  outputSchema?: unknown;
  execution?: { taskSupport?: string | undefined } | undefined;
}): McpToolListing {
  return {
    name: tool.name,
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.execution?.taskSupport === 'required' ? { taskOnly: true as const } : {}),
  };
}

/** `the MCP server 'node server.js'` or `the MCP server at http://...`. */
export function describeSource(source: McpSource): string {
  return source.transport === 'http'
    ? `the MCP server at ${source.url}`
    : `the MCP server started with \`${commandLine(source.command, source.args)}\``;
}

function describeFailure(source: McpSource, error: unknown, stderr: readonly string[]): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  let reason: string;
  if (code === 'ENOENT' && source.transport === 'stdio') {
    reason = `the command '${source.command}' was not found (is it installed and on PATH?)`;
  } else {
    const text = error instanceof Error ? error.message : String(error);
    reason = plain(text);
  }
  const tail = stderr.join('').trim().slice(-STDERR_TAIL).trim();
  return `${describeSource(source)} could not be listed: ${reason}${tail === '' ? '' : `; its stderr ends with: ${tail}`}`;
}

/** The SDK's messages, without the JSON-RPC prefix a person does not need. */
function plain(text: string): string {
  const issues = schemaIssues(text);
  if (issues !== undefined) return `its answer does not fit the MCP schema: ${issues}`;
  const match = /^MCP error (-?\d+): (.*)$/s.exec(text);
  if (match === null) return text;
  if (match[1] === '-32001') return `it did not answer in time (${match[2]})`;
  if (match[1] === '-32000' && /closed/i.test(match[2] ?? '')) return 'it closed the connection (did it exit?)';
  return match[2] ?? text;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The SDK's Zod issues (a JSON array in the message) as `at tools[0].name: expected string`. */
function schemaIssues(text: string): string | undefined {
  if (!text.trimStart().startsWith('[')) return undefined;
  try {
    const issues = JSON.parse(text) as { path?: unknown; message?: unknown }[];
    if (!Array.isArray(issues) || issues.length === 0) return undefined;
    return issues
      .slice(0, 3)
      .map((issue) => {
        const path = Array.isArray(issue.path)
          ? issue.path
              .map((part, index) =>
                typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
              )
              .join('')
          : '';
        return `${path === '' ? '' : `at ${path}: `}${String(issue.message ?? 'invalid')}`;
      })
      .join('; ');
  } catch {
    return undefined;
  }
}

function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return env;
}
