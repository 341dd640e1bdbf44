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
  const allowed = new Set(hosts.map(normalHost));
  const listed = [...allowed].join(', ');
  return async (context, next) => {
    const header = context.req.header('host');
    // The URL's host is the request target's when it is absolute (`GET http://x/ HTTP/1.1`), else the
    // Host header's (or, without one, the address the server listens on).
    const target = new URL(context.req.url).host;
    for (const host of header === undefined ? [target] : [header, target]) {
      if (!allowed.has(normalHost(host))) {
        return httpError(
          context,
          'host_not_allowed',
          `this server does not answer to the host ${JSON.stringify(host)}; it answers to ${listed}. ` +
            'A web page that points its own name at this machine (DNS rebinding) sends that name; ' +
            'add a name you trust with allowedHosts',
        );
      }
    }
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
