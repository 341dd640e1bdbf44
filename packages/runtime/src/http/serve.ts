import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Cell } from '../engine/cell.js';
import { type AppOptions, assembleApp } from './create-app.js';
import type { EventStreams } from './event-stream.js';

export interface ServeOptions extends AppOptions {
  /** The port; 0 (the default) takes any free one, which `url` then names. */
  readonly port?: number;
  /** The address to listen on; default `127.0.0.1`. Any non-loopback address requires a `token`. */
  readonly host?: string;
}

export interface HttpServer {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  /**
   * Stops taking connections, ends every `/events` stream, lets calls under way answer for up to 3 s
   * (then cuts their connections), and resolves when the socket is closed. Calls again return the same
   * promise. It does not stop the cell: `cell.stop()` cancels the calls themselves.
   */
  close(): Promise<void>;
}

/** How long `close()` lets requests under way finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 3000;

/** Serves the cell's HTTP API on a socket (`createApp` without one). */
export async function serve(cell: Cell, options: ServeOptions = {}): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.token === undefined && !isLoopback(host)) {
    throw new Error(
      `host ${JSON.stringify(host)} is reachable from other machines and this API runs tools: set a token, or listen on 127.0.0.1`,
    );
  }
  const { app, streams } = assembleApp(cell, options);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${address.port}`,
    close: () => {
      closing ??= shut(server, streams);
      return closing;
    },
  };
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
