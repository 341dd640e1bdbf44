import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { AuthOptions } from './auth-options.js';
import { HTTP_ERROR_STATUS, type HttpErrorCode, httpErrorResponse } from './http-error.js';
import { type AllowedHosts, allowedHosts, hostRefusal } from './request-guard.js';
import { type StoredToken, storedToken } from './token-file.js';

/** Where and for whom a cell's app listens: what `serve` and `serveMcp` share. */
export interface ListenOptions extends AuthOptions {
  /** The port; 0 (the default) takes any free one, which `url` then names. */
  readonly port?: number;
  /**
   * The address to listen on; default `127.0.0.1`. `auth: 'none'` is refused on any address but
   * loopback, and an address of every interface (`0.0.0.0`, `::`) needs `allowedHosts`.
   */
  readonly host?: string;
  /** More `Host` values to answer to, exactly as clients send them (`tools.internal:8080`). */
  readonly allowedHosts?: readonly string[];
  /** Receives every error answered as a 500 (the client sees no details). Default: stderr. */
  readonly onError?: (error: unknown) => void;
}

/** What the app is built with once the socket is bound. */
export interface MountSettings {
  /** Every Host value the server answers to: its own address and port, and `allowedHosts`. */
  readonly allowedHosts: readonly string[];
  /** The owner token kept in the cell's data folder, when that is where it came from. */
  readonly storedToken: string | undefined;
}

/** The app to serve, and how to end its long-lived responses when the server closes. */
export interface MountedApp {
  readonly app: Hono;
  /** Ends what would keep connections open (event streams, sessions); called as `close()` begins. */
  endAll(): void | Promise<void>;
}

/** A cell's app bound to a socket. */
export interface ListeningApp {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  /** The owner token: the one given, else the one kept in the cell's data folder; none under `auth: 'none'`. */
  readonly token: string | undefined;
  /** The token file, when the owner token came from `<dataDir>/http-token`. */
  readonly stored: StoredToken | undefined;
  /** Stops the socket (requests under way get up to 3 s); the same promise on every call. */
  close(): Promise<void>;
}

/** How long `close()` lets requests under way finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 3000;

/**
 * Listens on a socket and serves the app `mount` builds once the port is known. Without `token` (and
 * without `auth: 'none'` or actor tokens) the owner token is the one in `<dataDir>/http-token`, made on
 * the first start. The Host check runs on the raw request, before anything else reads it.
 */
export async function listenApp(
  cell: Cell,
  options: ListenOptions,
  mount: (settings: MountSettings) => MountedApp,
): Promise<ListeningApp> {
  const host = options.host ?? '127.0.0.1';
  if (options.auth === 'none' && !isLoopback(host)) {
    throw new Error(
      `host ${JSON.stringify(host)} is reachable from other machines and this API runs tools: drop auth: 'none', or listen on 127.0.0.1`,
    );
  }
  if (isEveryAddress(host) && (options.allowedHosts ?? []).length === 0) {
    throw new Error(
      `host ${JSON.stringify(host)} listens on every address: name the Host values clients will send (such as "tools.internal:8080") in allowedHosts`,
    );
  }
  const stored =
    options.auth === 'none' || options.token !== undefined || (options.actorTokens ?? []).length > 0
      ? undefined
      : storedToken(cell.dataDir);
  const token = stored?.token ?? options.token;
  let mounted: MountedApp | undefined;
  let hosts: AllowedHosts = allowedHosts([]);
  const listener = getRequestListener(
    // The app needs the port it listens on (for the Host check), so it is made once the socket is
    // bound; no request is read before that.
    (request, env) => mounted?.app.fetch(request, env) ?? new Response(null, { status: 503 }),
    { errorHandler: (error) => unreadable(error, options.onError) },
  );
  const server = createServer((incoming, outgoing) => {
    // The Host check on the raw request, before @hono/node-server builds a URL from it (which would
    // normalise `127.1` to `127.0.0.1`, or fail on a Host that is no URL authority); the app checks again.
    const refusal = hostRefusal(incoming.headers.host, absoluteTargetHost(incoming.url), hosts);
    if (refusal !== undefined) return refuse(outgoing, 'host_not_allowed', refusal);
    void listener(incoming, outgoing);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const port = address.port;
  const named = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const ownHosts = [...(isLoopback(host) ? ['127.0.0.1', 'localhost', '[::1]'] : []), shown, named].map(
    (name) => `${name}:${port}`,
  );
  const names = [...new Set([...ownHosts, ...(options.allowedHosts ?? [])])];
  try {
    mounted = mount({ allowedHosts: names, storedToken: stored?.token });
    hosts = allowedHosts(names);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const ended = mounted;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}`,
    token,
    stored,
    close: () => {
      closing ??= shut(server, ended);
      return closing;
    },
  };
}

/**
 * The answer to a request that never became one: @hono/node-server could not build its URL (a
 * backslash in the path, a target that is no URL). Nothing ran.
 */
function unreadable(error: unknown, onError: ((error: unknown) => void) | undefined) {
  if (!(error instanceof RequestError)) {
    try {
      (onError ?? ((cause) => console.error('wesgine http: a request failed', cause)))(error);
    } catch {
      // A failing reporter must not turn the 500 into something else.
    }
    return httpErrorResponse('internal', 'the server failed to answer this request');
  }
  return httpErrorResponse('bad_request', `the request cannot be read: ${error.message}`);
}

/** The authority of an absolute request target (`POST http://host:port/path`), as sent; else undefined. */
function absoluteTargetHost(url: string | undefined): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url ?? '');
  return match?.[1];
}

/** Answers a request the app never sees, and closes the connection (its body is not read). */
function refuse(outgoing: ServerResponse<IncomingMessage>, code: HttpErrorCode, message: string): void {
  outgoing.writeHead(HTTP_ERROR_STATUS[code], { 'content-type': 'application/json', connection: 'close' });
  outgoing.end(JSON.stringify({ error: { code, message } }));
}

function shut(server: Server, mounted: MountedApp): Promise<void> {
  return new Promise((resolve, reject) => {
    // Keep-alive connections go idle as their last response ends; sweep them until the server is closed.
    const sweep = setInterval(() => server.closeIdleConnections(), 20);
    const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(cut);
      if (error === undefined) resolve();
      else reject(error);
    });
    void Promise.resolve()
      .then(() => mounted.endAll())
      .catch(() => {})
      .finally(() => server.closeIdleConnections());
  });
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

function isEveryAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::' || bare === '';
}
