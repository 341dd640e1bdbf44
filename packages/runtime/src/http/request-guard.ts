import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error.js';

/** What `createApp` accepts as `Host` when told nothing else: the loopback names, without a port. */
export const APP_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Refuses, before anything else runs, what a web page can make a browser send here:
 *
 * - a `Host` (or an absolute request target) that is not one of `hosts`: 421 `host_not_allowed`. A page
 *   that rebinds its DNS name to 127.0.0.1 reaches this socket with its own name in `Host`. Names are
 *   compared exactly, in any case: `localhost.`, `127.1`, `[0::1]` or another port are other names.
 * - an `Origin` other than the server's own (`http://` or `https://` and the request's `Host`), `null`
 *   included: 403 `origin_not_allowed`. Browsers send `Origin` on every cross-origin request that could
 *   change something (any POST, `text/plain` and forms included, fetch, EventSource, preflights).
 * - `Sec-Fetch-Site: cross-site` or `same-site`: 403 `origin_not_allowed`, for requests that carry no
 *   `Origin` (a cross-site `<img>` or `<script>` GET).
 *
 * Nothing here ever grants CORS: no response carries `Access-Control-Allow-*`, so a page on another
 * origin can neither send a JSON body nor read an answer.
 */
export function requestGuard(hosts: readonly string[]): MiddlewareHandler {
  const allowed = allowedHosts(hosts);
  return async (context, next) => {
    const header = context.req.header('host');
    // The URL's host is the request target's when it is absolute (`GET http://x/ HTTP/1.1`), else the
    // Host header's (or, without one, the address the server listens on).
    const target = new URL(context.req.url).host;
    const refusal = hostRefusal(header ?? target, target, allowed);
    if (refusal !== undefined) return httpError(context, 'host_not_allowed', refusal);
    const origin = context.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(origin, normalHost(header ?? target))) {
      return httpError(
        context,
        'origin_not_allowed',
        `requests from web pages of another origin are refused (Origin: ${origin}); ` +
          `this API answers its own origin only, http://${normalHost(header ?? target)}`,
      );
    }
    const site = context.req.header('sec-fetch-site')?.toLowerCase();
    if (site === 'cross-site' || site === 'same-site') {
      return httpError(
        context,
        'origin_not_allowed',
        `requests from web pages of another origin are refused (Sec-Fetch-Site: ${site})`,
      );
    }
    await next();
  };
}

/** The Host values a server answers to, as `hostRefusal` compares them. */
export interface AllowedHosts {
  readonly names: ReadonlySet<string>;
  readonly listed: string;
}

export function allowedHosts(hosts: readonly string[]): AllowedHosts {
  const names = new Set(hosts.map(normalHost));
  return { names, listed: [...names].join(', ') };
}

/**
 * Why a request naming `host` in its Host header (undefined: it sent none) and `target` as the host of
 * an absolute request target (undefined: the target is a path) is refused, or undefined when both are
 * names of this server. Compared as sent, so `127.1` is not `127.0.0.1`.
 */
export function hostRefusal(
  host: string | undefined,
  target: string | undefined,
  allowed: AllowedHosts,
): string | undefined {
  if (host === undefined) {
    return `the request names no host (no Host header); this server answers to ${allowed.listed}`;
  }
  for (const name of target === undefined ? [host] : [host, target]) {
    if (!allowed.names.has(normalHost(name))) {
      return (
        `this server does not answer to the host ${JSON.stringify(name)}; it answers to ${allowed.listed}. ` +
        'A web page that points its own name at this machine (DNS rebinding) sends that name; ' +
        'add a name you trust with allowedHosts'
      );
    }
  }
  return undefined;
}

/** A Host value as compared: lower case, without the default port 80. */
function normalHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith(':80') ? lower.slice(0, -3) : lower;
}

/** Whether `origin` is `http://<host>` or `https://<host>` (default ports left out, as browsers do). */
function isOwnOrigin(origin: string, host: string): boolean {
  const lower = origin.trim().toLowerCase();
  if (lower === `http://${host}`) return true;
  const secure = host.endsWith(':443') ? host.slice(0, -4) : host;
  return lower === `https://${secure}`;
}
