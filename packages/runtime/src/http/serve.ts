import type { Cell } from '../engine/cell.js';
import { type AppOptions, assembleApp } from './create-app.js';
import { type ListenOptions, listenApp } from './listen-app.js';

export interface ServeOptions extends AppOptions, ListenOptions {
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

/**
 * Serves the cell's HTTP API on a socket (`createApp` without one). Without `token` (and without
 * `auth: 'none'`) the owner token is the one in `<dataDir>/http-token`, made on the first start: give
 * the cell a fixed `dataDir` and a restart keeps it. Requests must name this server in `Host` (its
 * address and port; on loopback also `localhost` and `[::1]`), plus `allowedHosts`.
 */
export async function serve(cell: Cell, options: ServeOptions = {}): Promise<HttpServer> {
  const listening = await listenApp(cell, options, ({ allowedHosts, storedToken }) => {
    const { app, streams, release } = assembleApp(cell, {
      ...options,
      ...(storedToken === undefined ? {} : { token: storedToken }),
      allowedHosts,
    });
    return {
      app,
      endAll: () => {
        release();
        streams.endAll();
      },
    };
  });
  const { url, token, stored } = listening;
  return {
    url,
    token,
    tokenFile: stored?.file,
    usage: usage(url, options.auth === 'none' ? { kind: 'none' } : stored === undefined ? { kind: 'given' } : stored),
    close: () => listening.close(),
  };
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
