import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Hono } from 'hono';
import type { Cell } from '../../engine/cell.js';
import { authMiddleware } from '../../http/auth-options.js';
import { scopedSession, scopeOf } from '../../http/client-scope.js';
import { checkHosts, DEFAULT_BODY_LIMIT } from '../../http/create-app.js';
import { httpError } from '../../http/http-error.js';
import { statedLengthLimit } from '../../http/json-body.js';
import { type ListenOptions, listenApp } from '../../http/listen-app.js';
import { requestGuard } from '../../http/request-guard.js';
import { HttpSessions } from './http-sessions.js';
import { McpSession, type McpSessionSettings } from './mcp-session.js';
import { defaultServerInfo } from './server-info.js';

/** What every transport takes. */
export interface McpServeCommon {
  /** The actor of every call; default: the client's name from `initialize`. An actor token's actor wins. */
  readonly actor?: string;
  /** Which tools to offer (by name or alias); default: every tool the cell offers a run. */
  readonly tools?: readonly string[];
  /** What `initialize` says about the server; default `{ name: 'wesgine-tools', version: <runtime's> }`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** Instructions for the client's model, sent with `initialize`. */
  readonly instructions?: string;
  /** How long a person has to answer an approval or a question (elicitation); default 300,000 ms. */
  readonly humanTimeoutMs?: number;
}

/** One client over this process's stdin and stdout (or the streams given). */
export interface McpStdioOptions extends McpServeCommon {
  readonly transport: 'stdio';
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

/** Streamable HTTP on a socket, with the protections of the HTTP API (token, Host, Origin). */
export interface McpHttpOptions extends McpServeCommon, ListenOptions {
  readonly transport: 'http';
  /** The endpoint's path; default `/mcp`. */
  readonly path?: string;
  /** The largest request body in bytes; default 1 MiB. */
  readonly bodyLimit?: number;
  /** How many sessions may be open at once; default 100. */
  readonly maxSessions?: number;
  /** A session unused this long is closed; default 3,600,000 ms (an hour). */
  readonly idleTimeoutMs?: number;
}

export type ServeMcpOptions = McpStdioOptions | McpHttpOptions;

/** A cell's tools being served over MCP. */
export interface McpServing {
  readonly transport: 'stdio' | 'http';
  /** The endpoint (`http://127.0.0.1:port/mcp`); undefined over stdio. */
  readonly url: string | undefined;
  /** The owner token over HTTP (given, or kept in `<dataDir>/http-token`); undefined over stdio. */
  readonly token: string | undefined;
  /** Where the owner token is kept, when it came from the cell's data folder. */
  readonly tokenFile: string | undefined;
  /** Lines to print for a person: where the server is and the client configuration to paste. */
  readonly usage: string;
  /** Resolves once serving ended: `close()`, or over stdio the client closing the stream. */
  readonly closed: Promise<void>;
  /** Cancels the calls under way, ends every session and stops listening. Does not stop the cell. */
  close(): Promise<void>;
}

/** The default time a person has to answer an approval or a question. */
export const MCP_HUMAN_TIMEOUT_MS = 300_000;

/**
 * Serves a cell's tools to MCP clients: `tools/list` is what a run of the cell offers (annotations from
 * the categories the cell resolves, `outputSchema` for tools with a result schema) and every
 * `tools/call` walks the run's pipeline with the client as the actor. Approvals and `ask_user` reach the
 * client's user through elicitation when the client supports it. Over stdio nothing else may write to
 * stdout: log to stderr.
 */
export async function serveMcp(cell: Cell, options: ServeMcpOptions): Promise<McpServing> {
  const transport = (options as { transport?: unknown })?.transport;
  if (options?.tools !== undefined) {
    // The names are checked now, as a run checks its whitelist, rather than at the first request.
    cell.run({ agent: { tools: options.tools } });
  }
  if (transport === 'stdio') return serveStdio(cell, options as McpStdioOptions);
  if (transport === 'http') return serveHttp(cell, options as McpHttpOptions);
  throw new TypeError(`serveMcp needs transport 'stdio' or 'http', got ${JSON.stringify(transport)}`);
}

function sessionSettings(
  cell: Cell,
  options: McpServeCommon,
  sessionId: string,
  actor: string | undefined,
): McpSessionSettings {
  const humanTimeoutMs = options.humanTimeoutMs ?? MCP_HUMAN_TIMEOUT_MS;
  if (!Number.isSafeInteger(humanTimeoutMs) || humanTimeoutMs < 1) {
    throw new TypeError(`humanTimeoutMs must be a positive whole number of milliseconds, got ${humanTimeoutMs}`);
  }
  return {
    cell,
    actor,
    sessionId,
    tools: options.tools,
    serverInfo: options.serverInfo ?? defaultServerInfo(),
    instructions: options.instructions,
    humanTimeoutMs,
  };
}

async function serveStdio(cell: Cell, options: McpStdioOptions): Promise<McpServing> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const session = new McpSession(sessionSettings(cell, options, randomUUID(), options.actor));
  const transport = new StdioServerTransport(stdin, stdout);
  let ended = () => {};
  const closed = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= session.close().finally(() => {
      stdin.off('end', close);
      ended();
    });
    return closing;
  };
  transport.onclose = () => void close();
  // The SDK's transport does not notice the client closing stdin; without this the process would wait.
  stdin.once('end', close);
  await session.server.connect(transport);
  return {
    transport: 'stdio',
    url: undefined,
    token: undefined,
    tokenFile: undefined,
    usage: 'wesgine tools MCP server on stdio',
    closed,
    close,
  };
}

async function serveHttp(cell: Cell, options: McpHttpOptions): Promise<McpServing> {
  const path = options.path ?? '/mcp';
  if (typeof path !== 'string' || !/^\/[A-Za-z0-9._~/-]*$/.test(path)) {
    throw new TypeError(`path must be a URL path such as "/mcp", got ${JSON.stringify(path)}`);
  }
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxSessions = options.maxSessions ?? 100;
  const idleTimeoutMs = options.idleTimeoutMs ?? 3_600_000;
  for (const [name, value] of [
    ['bodyLimit', bodyLimit],
    ['maxSessions', maxSessions],
    ['idleTimeoutMs', idleTimeoutMs],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new TypeError(`${name} must be a positive whole number, got ${value}`);
    }
  }
  // Checked now, so a bad option fails before anything listens.
  sessionSettings(cell, options, 'check', undefined);
  if (options.allowedHosts !== undefined) checkHosts(options.allowedHosts);
  const onError = options.onError ?? ((error: unknown) => console.error('wesgine mcp: a request failed', error));
  const sessions = new HttpSessions({
    maxSessions,
    idleTimeoutMs,
    bodyLimit,
    open: (sessionId, scope) =>
      new McpSession(sessionSettings(cell, options, scopedSession(scope, sessionId), scope.actor ?? options.actor)),
  });
  let ended = () => {};
  const closed = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const listening = await listenApp(cell, options, ({ allowedHosts, storedToken }) => {
    const app = new Hono();
    // Host and Origin first, then the token: as the HTTP API does, before any route runs.
    app.use(requestGuard(allowedHosts));
    app.use(authMiddleware({ ...options, ...(storedToken === undefined ? {} : { token: storedToken }) }));
    app.use(statedLengthLimit(bodyLimit));
    app.all(path, (context) => sessions.handle(context.req.raw, scopeOf(context)));
    app.notFound((context) =>
      httpError(context, 'not_found', `there is no route ${context.req.method} ${context.req.path}; MCP is at ${path}`),
    );
    app.onError((error, context) => {
      try {
        onError(error);
      } catch {}
      return httpError(context, 'internal', 'the server failed to answer this request');
    });
    return { app, endAll: () => sessions.closeAll() };
  });
  const url = `${listening.url}${path}`;
  const tokenFile = listening.stored?.file;
  return {
    transport: 'http',
    url,
    token: listening.token,
    tokenFile,
    usage: httpUsage(url, options.auth === 'none', tokenFile),
    closed,
    close: () => listening.close().finally(ended),
  };
}

/** Where the server is, and the `mcpServers` entry a client takes (the token itself never printed). */
function httpUsage(url: string, noAuth: boolean, tokenFile: string | undefined): string {
  const config = {
    mcpServers: {
      'wesgine-tools': {
        type: 'http',
        url,
        ...(noAuth ? {} : { headers: { Authorization: 'Bearer <token>' } }),
      },
    },
  };
  const where = noAuth
    ? 'without a token: any program on this machine may call its tools'
    : tokenFile === undefined
      ? 'with the token you gave'
      : `with the token in ${tokenFile}`;
  return `wesgine tools MCP server at ${url}, ${where}\n  client configuration: ${JSON.stringify(config)}`;
}
