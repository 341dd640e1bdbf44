import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import { type AppOptions, assembleApp } from './create-app.js';
import type { EventStreams } from './event-stream.js';
import { HTTP_ERROR_STATUS, type HttpErrorCode, httpErrorResponse } from './http-error.js';
import { type AllowedHosts, allowedHosts, hostRefusal } from './request-guard.js';
import { storedToken } from './token-file.js';

export interface ServeOptions extends AppOptions {
  /** The port; 0 (the default) takes any free one, which `url` then names. */
  readonly port?: number;
  /**
   * The address to listen on; default `127.0.0.1`. `auth: 'none'` is refused on any address but
   * loopback, and an address of every interface (`0.0.0.0`, `::`) needs `allowedHosts`.
   */
  readonly host?: string;
}

export interface HttpServer {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  /** The owner token: the one given, else the one kept in the cell's data folder; none under `auth: 'none'`. */
  readonly token: string | undefined;
  /** Where the owner token is kept (`<dataDir>/http-token`, mode 0600), when `serve` made or read it. */
  readonly tokenFile: string | undefined;
  /** Two lines to print for a person: where the API is and a `curl` that uses it (the token not shown). */
  readonly usage: string;
  /**
   * Stops taking connections, ends every `/events` stream, lets calls under way answer for up to 3 s
   * (then cuts their connections), and resolves when the socket is closed. Calls again return the same
   * promise. It does not stop the cell: `cell.stop()` cancels the calls themselves.
   */
  close(): Promise<void>;
}

/** How long `close()` lets requests under way finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 3000;

/**
 * Serves the cell's HTTP API on a socket (`createApp` without one). Without `token` (and without
 * `auth: 'none'`) the owner token is the one in `<dataDir>/http-token`, made on the first start: give
 * the cell a fixed `dataDir` and a restart keeps it. Requests must name this server in `Host` (its
 * address and port; on loopback also `localhost` and `[::1]`), plus `allowedHosts`.
 */
export async function serve(cell: Cell, options: ServeOptions = {}): Promise<HttpServer> {
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
  let assembled: { app: Hono; streams: EventStreams } | undefined;
  let hosts: AllowedHosts = allowedHosts([]);
  const listener = getRequestListener(
    // The app needs the port it listens on (for the Host check), so it is made once the socket is
    // bound; no request is read before that.
    (request, env) => assembled?.app.fetch(request, env) ?? new Response(null, { status: 503 }),
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
    assembled = assembleApp(cell, {
      ...options,
      ...(stored === undefined ? {} : { token: stored.token }),
      allowedHosts: names,
    });
    hosts = allowedHosts(names);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const url = `http://${shown}:${port}`;
  const { streams } = assembled;
  let closing: Promise<void> | undefined;
  return {
    url,
    token,
    tokenFile: stored?.file,
    usage: usage(url, options.auth === 'none' ? { kind: 'none' } : stored === undefined ? { kind: 'given' } : stored),
    close: () => {
      closing ??= shut(server, streams);
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

/** What to print: the token is read from its file by the shell, so it never lands in a log. */
function usage(url: string, token: { readonly kind: 'none' | 'given' } | { readonly file: string }): string {
  if ('file' in token) {
    return `wesgine tools API at ${url} (its token is in ${token.file})\n  curl -H "Authorization: Bearer $(cat ${shellQuote(token.file)})" ${url}/tools`;
  }
  if (token.kind === 'none') {
    return `wesgine tools API at ${url}, without a token: any program on this machine may call its tools\n  curl ${url}/tools`;
  }
  return `wesgine tools API at ${url}\n  curl -H 'Authorization: Bearer <your token>' ${url}/tools`;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function shut(server: Server, streams: EventStreams): Promise<void> {
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
    streams.endAll();
    server.closeIdleConnections();
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
