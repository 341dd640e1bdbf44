import type { IncomingMessage } from 'node:http';
import { ToolError } from '@wesgine/schema';
import { judgeUrl, type UrlOptions } from './judge-url.js';
import { readCapped, sendPinned } from './pinned-request.js';

export interface GuardedRequestInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  readonly signal?: AbortSignal;
}

export interface GuardedFetchOptions extends UrlOptions {
  /** Redirects followed before giving up; 5 unless set. */
  readonly maxRedirects?: number;
  /** For the whole fetch, lookups and redirects included; 30 seconds unless set. */
  readonly timeoutMs?: number;
  /** Body bytes kept; a longer body is cut (see `truncated`). 5 MiB unless set. */
  readonly maxBytes?: number;
}

export interface GuardedResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The URL the body came from, after redirects. */
  readonly url: string;
  readonly body: Buffer;
  /** True when the body was longer than `maxBytes` and was cut there. */
  readonly truncated: boolean;
  /** Every URL redirected to, in order. */
  readonly redirects: readonly string[];
  /** The address the final connection went to. */
  readonly address: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

/**
 * `fetch` for network tools, under the Sandbox rule: every URL, first and after each redirect, is judged
 * by `judgeUrl`, and the connection goes to the addresses that judgement saw. Governance refusals throw a
 * `ToolError` coded `denied`; a network failure or too many redirects `unavailable`; the time limit
 * `timeout`; the caller's signal `aborted`. An HTTP error status is a response, not a throw.
 */
export async function guardedFetch(
  input: string | URL,
  init: GuardedRequestInit = {},
  options: GuardedFetchOptions = {},
): Promise<GuardedResponse> {
  const { maxRedirects = 5, timeoutMs = 30_000, maxBytes = 5 * 1024 * 1024 } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal === undefined ? timeout : AbortSignal.any([init.signal, timeout]);
  const redirects: string[] = [];
  let href = String(input);
  let method = (init.method ?? 'GET').toUpperCase();
  let headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  let from: string | undefined;
  try {
    for (;;) {
      const judgement = await untilAborted(judgeUrl(href, options), signal);
      if (!judgement.allow) {
        const reason =
          from === undefined
            ? judgement.reason
            : `${from} redirected to ${href} (redirect ${redirects.length}), which was refused. ${judgement.reason}`;
        throw new ToolError('denied', reason, { data: { rule: judgement.rule, url: href, redirects } });
      }
      const response = await sendPinned(judgement, { method, headers, body, signal });
      const next = redirectTarget(response, judgement.url);
      if (next === undefined) {
        // Read before the body: a socket closed at the end (or at the cap) no longer knows its peer.
        const address = response.socket.remoteAddress ?? '';
        const read = await readCapped(response, maxBytes);
        return {
          status: response.statusCode ?? 0,
          headers: headersOf(response),
          url: href,
          ...read,
          redirects,
          address,
        };
      }
      response.destroy();
      if (redirects.length >= maxRedirects) {
        throw new ToolError(
          'unavailable',
          `Stopped after ${maxRedirects} redirects: ${href} redirects again, to ${next.href}. The site may be in a redirect loop.`,
          { data: { url: href, redirects } },
        );
      }
      if (next.origin !== judgement.url.origin) headers = without(headers, CREDENTIAL_HEADERS);
      const status = response.statusCode ?? 0;
      if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = without(headers, BODY_HEADERS);
      }
      from = href;
      href = next.href;
      redirects.push(href);
    }
  } catch (error) {
    if (ToolError.isInstance(error)) throw error;
    if (timeout.aborted) {
      throw new ToolError('timeout', `Fetching ${href} took longer than ${timeoutMs} ms and was stopped.`, {
        cause: error,
      });
    }
    if (init.signal?.aborted === true) {
      throw new ToolError('aborted', `Fetching ${href} was cancelled.`, { cause: error });
    }
    throw new ToolError('unavailable', `Could not fetch ${href}: ${(error as Error).message}.`, { cause: error });
  }
}

/** Where a redirect response points, resolved against the URL that gave it; `undefined` for others. */
function redirectTarget(response: IncomingMessage, base: URL): URL | undefined {
  const location = response.headers.location;
  if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return undefined;
  try {
    return new URL(location, base);
  } catch (error) {
    response.destroy();
    throw new ToolError('unavailable', `${base.href} redirected to an invalid URL: ${JSON.stringify(location)}.`, {
      cause: error,
    });
  }
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] ?? '', raw[index + 1] ?? '');
  return headers;
}

function without(headers: Record<string, string>, names: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.has(name.toLowerCase())));
}

/** Waits for `promise`, or rejects as soon as `signal` aborts (a DNS lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
