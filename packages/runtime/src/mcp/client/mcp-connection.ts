import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type LaunchCell, type LaunchedServer, launchServer } from '../../sandbox/launch-server.js';
import type { McpServerConfig } from './mcp-server-config.js';
import { underSignal } from './request-signal.js';

/** How long the `initialize` handshake and each `tools/list` page may take. */
const HANDSHAKE_MS = 30_000;
/** How much of a stdio server's stderr is kept, to say why it stopped. */
const STDERR_KEPT = 4096;
/** What this client calls itself in `initialize`. */
const CLIENT_INFO = { name: 'wesgine-tools', version: '0.1.0' };

/** One live session with an MCP server: the SDK client, and the child process behind it for stdio. */
export interface McpConnection {
  readonly client: Client;
  /** For stdio servers: how the child was started (inside the OS sandbox or not). */
  readonly launched: LaunchedServer | undefined;
  /**
   * Watches one request: a progress token whose `notifications/progress` reach `progress`, and the
   * server's log messages (`notifications/message`) while it is the only request in flight, which reach
   * `log`. Call the returned `stop` once the request is over. (The SDK's own `onprogress` drops a last
   * notification that arrives together with the result; this keeps it.)
   */
  watch(listeners: CallListeners): { token: string; stop: () => void };
  /** The end of what the server wrote to stderr (stdio), for messages. */
  stderrTail(): string;
  /** Ends the session: the child is stopped (stdin closed, then SIGTERM, then SIGKILL) and its launch freed. */
  close(): Promise<void>;
}

/** One `notifications/progress` as the server sent it. */
export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** A log line of the server, at the level of `context.log` it maps to. */
export type ServerLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Who hears what the server says about one request. */
export interface CallListeners {
  readonly progress: (update: ProgressUpdate) => void;
  readonly log: (level: ServerLogLevel, message: string, data?: unknown) => void;
}

/** MCP's syslog levels, as the four of `context.log`. */
const LOG_LEVELS: Readonly<Record<string, ServerLogLevel>> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/** What the connection reports while it lives. */
export interface ConnectionEvents {
  /** The transport closed without `close()` being called (the child exited, the stream broke). */
  readonly onLost: (reason: string) => void;
  /** The server sent `notifications/tools/list_changed`. */
  readonly onToolsChanged: () => void;
}

/**
 * Opens a session with an MCP server: the SDK is imported here, on first use, so importing the runtime
 * does not load it. A stdio server starts through `launchServer` (the cell's OS sandbox unless its
 * config says `sandbox: false`); an http server is reached with Streamable HTTP and the config's headers.
 * Aborting `signal` ends a handshake in progress. Rejects with an `Error` saying why it could not connect.
 */
export async function openConnection(
  cell: LaunchCell,
  config: McpServerConfig,
  events: ConnectionEvents,
  signal: AbortSignal,
): Promise<McpConnection> {
  const [
    { Client },
    {
      ListRootsRequestSchema,
      LoggingMessageNotificationSchema,
      ProgressNotificationSchema,
      ToolListChangedNotificationSchema,
    },
  ] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  let stderr = '';
  let launched: LaunchedServer | undefined;
  let transport: Transport;
  if (config.transport === 'stdio') {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    launched = await launchServer(cell, {
      sourceId: `mcp:${config.name}`,
      argv: [config.command ?? '', ...(config.args ?? [])],
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      ...(config.env === undefined ? {} : { env: config.env }),
      sandbox: config.sandbox !== false,
    });
    const stdio = new StdioClientTransport({
      command: launched.command,
      args: [...launched.args],
      env: { ...launched.env },
      cwd: launched.cwd,
      stderr: 'pipe',
    });
    // Read, or a chatty server would block on a full pipe; the end is kept to say why it stopped.
    stdio.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    transport = stdio;
  } else {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    transport = new StreamableHTTPClientTransport(new URL(config.url ?? ''), {
      requestInit: { headers: { ...(config.headers ?? {}) } },
    });
  }

  const offerRoots = config.roots !== false;
  const client = new Client(CLIENT_INFO, { capabilities: offerRoots ? { roots: {} } : {} });
  if (offerRoots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: cellRoots(cell) }));
  let closing = false;
  const close = async () => {
    closing = true;
    if (config.transport === 'http') {
      // Tell the server the session is over; a server already gone is no reason to wait.
      await Promise.race([
        (transport as { terminateSession?: () => Promise<void> }).terminateSession?.().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
    }
    await client.close().catch(() => {});
    await launched?.close().catch(() => {});
  };
  let flooded = false;
  client.onclose = () => {
    if (closing) return;
    events.onLost(
      flooded
        ? 'the server wrote more than 10 MB without a line break, so the client closed the session'
        : lostReason(config, stderr),
    );
  };
  // Transport noise (a line that is not JSON-RPC, a dropped SSE stream it retries) is not fatal; a
  // flood past the read buffer is, and the transport closes itself after it.
  client.onerror = (error) => {
    if (/ReadBuffer exceeded/.test(error.message)) flooded = true;
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => events.onToolsChanged());
  // Progress by our own tokens: a listener stays until its request is over, so a notification that
  // came just before the result still reaches it.
  const calls = new Map<string, CallListeners>();
  let tokens = 0;
  client.setNotificationHandler(ProgressNotificationSchema, ({ params }) => {
    const listeners = calls.get(String(params.progressToken));
    if (listeners === undefined) return;
    const { progress, total, message } = params;
    listeners.progress({
      progress,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    });
  });
  // A log message names no request: it is the call's only while one call is in flight.
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    if (calls.size !== 1) return;
    const [listeners] = calls.values();
    const { level, logger, data } = params;
    const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
    const message = typeof logger === 'string' && logger !== '' ? `[${logger}] ${text}` : text;
    if (typeof data === 'string') listeners?.log(LOG_LEVELS[level] ?? 'info', message);
    else listeners?.log(LOG_LEVELS[level] ?? 'info', message, data);
  });
  const watch = (listeners: CallListeners) => {
    const token = `wesgine-${++tokens}`;
    calls.set(token, listeners);
    // Bound rather than a new arrow: this runs for every call.
    return { token, stop: calls.delete.bind(calls, token) };
  };

  const stop = () => void close();
  signal.addEventListener('abort', stop, { once: true });
  try {
    signal.throwIfAborted();
    await underSignal(signal, (own) => client.connect(transport, { timeout: HANDSHAKE_MS, signal: own }));
  } catch (error) {
    await close();
    throw new Error(connectProblem(config, error, stderr));
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return { client, launched, watch, stderrTail: () => lastLines(stderr), close };
}

/** The cell's roots as MCP roots: where its path arguments may lead (its allowPaths, or its workDir). */
function cellRoots(cell: LaunchCell): { uri: string; name: string }[] {
  const { workDir, allowPaths } = cell.spec;
  const folders = allowPaths === undefined ? [workDir] : [...new Set(allowPaths.map((path) => resolve(workDir, path)))];
  return folders.map((folder) => ({ uri: pathToFileURL(folder).href, name: basename(folder) || folder }));
}

/** Every tool the server lists, page by page. */
export async function listAllTools(client: Client, signal: AbortSignal): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  // A server that keeps returning cursors must not loop forever.
  for (let page = 0; page < 100; page++) {
    const params = cursor === undefined ? {} : { cursor };
    let result: Awaited<ReturnType<Client['listTools']>>;
    try {
      result = await underSignal(signal, (own) => client.listTools(params, { timeout: HANDSHAKE_MS, signal: own }));
    } catch (error) {
      throw listingProblem(error);
    }
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === '') break;
  }
  return tools;
}

/**
 * The SDK refuses a tools/list answer its schema does not take with a ZodError whose message is the
 * issues as JSON; say it in a sentence instead, with where the first few are.
 */
function listingProblem(error: unknown): unknown {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return error;
  const where = issues.slice(0, 3).map((issue: { path?: unknown; message?: unknown }) => {
    const path = Array.isArray(issue.path)
      ? issue.path
          .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
          .join('')
      : '';
    return `${path === '' ? 'the answer' : path}: ${typeof issue.message === 'string' ? issue.message : 'not valid'}`;
  });
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
  return new Error(`its list of tools does not follow the MCP schema (${where.join('; ')}${more})`);
}

function lostReason(config: McpServerConfig, stderr: string): string {
  if (config.transport === 'http') return 'the connection to the server closed';
  const said = lastLines(stderr);
  return said === '' ? 'the server process exited' : `the server process exited; its last words on stderr: ${said}`;
}

function connectProblem(config: McpServerConfig, error: unknown, stderr: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  let reason = typeof message === 'string' && message !== '' ? message : String(error);
  if (typeof cause === 'string' && !reason.includes(cause)) reason = `${reason} (${cause})`;
  const where = config.transport === 'stdio' ? `could not start '${config.command}'` : `could not reach ${config.url}`;
  const said = lastLines(stderr);
  return `${where}: ${reason.replace(/^MCP error -?\d+: /, '')}${said === '' ? '' : `; its last words on stderr: ${said}`}`;
}

/** The last few lines a server wrote, on one line, short enough for a message. */
function lastLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const joined = lines.slice(-3).join(' | ');
  return joined.length > 300 ? `...${joined.slice(-300)}` : joined;
}
