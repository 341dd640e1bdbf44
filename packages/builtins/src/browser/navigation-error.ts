import type { GuardProxy } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';

const NET_ERRORS: Readonly<Record<string, string>> = {
  ERR_CONNECTION_REFUSED: 'the server refused the connection',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the server closed the connection',
  ERR_EMPTY_RESPONSE: 'the server sent nothing back',
  ERR_CERT_AUTHORITY_INVALID: 'its TLS certificate is not trusted',
  ERR_CERT_COMMON_NAME_INVALID: 'its TLS certificate is for another name',
  ERR_CERT_DATE_INVALID: 'its TLS certificate has expired or is not yet valid',
  ERR_SSL_PROTOCOL_ERROR: 'the TLS handshake failed',
  ERR_TOO_MANY_REDIRECTS: 'it redirects too many times',
  ERR_UNSAFE_PORT: 'the browser refuses that port',
  ERR_INVALID_RESPONSE: 'the server sent an invalid response',
};

/**
 * Why a navigation failed, as the error the model reads. The guard proxy knows best: when the document
 * (or a redirect hop) was refused by governance the call is `denied` and names the address; when it
 * could not be reached, `unavailable`. Then Chromium's own network errors, then downloads.
 */
export function pageFailure(error: unknown, url: string, navigations: readonly string[], proxy: GuardProxy): ToolError {
  if (ToolError.isInstance(error)) return error;
  const blocked = lastBlockedNavigation(navigations, proxy);
  if (blocked !== undefined) {
    const reason = blocked.reason.replace(/\.$/, '');
    const hop = blocked.url === url || sameOrigin(blocked.url, url) ? undefined : blocked.url;
    if (blocked.kind === 'refused') {
      return new ToolError(
        'denied',
        hop === undefined
          ? `Not allowed: ${reason}.`
          : `${url} redirected to ${hop}, which was refused: ${reason}. Nothing from that address was loaded.`,
        { data: { url: blocked.url } },
      );
    }
    return new ToolError('unavailable', `Could not load ${blocked.url}: ${reason}.`, { data: { url: blocked.url } });
  }
  const message = (error as Error).message ?? String(error);
  const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (net !== undefined) {
    const why = NET_ERRORS[net];
    return new ToolError('unavailable', `Could not load ${url}: ${why === undefined ? net : `${why} (${net})`}.`, {
      cause: error,
    });
  }
  if (/Download is starting/i.test(message)) {
    return new ToolError(
      'unavailable',
      `${url} is a file to download, not a page; the browser does not download files. Look for a page that shows its content.`,
      { cause: error },
    );
  }
  return new ToolError('unavailable', `The browser could not load ${url}: ${firstLine(message)}`, { cause: error });
}

export function timedOut(url: string, waitUntil: string, timeoutMs: number, cause: unknown): ToolError {
  const seconds = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  const hint =
    waitUntil === 'domcontentloaded'
      ? 'The server may be slow or the page may never finish; try again later or another page.'
      : "Try wait_until 'domcontentloaded' to read the page before everything on it has loaded.";
  return new ToolError(
    'timeout',
    `${url} did not finish loading (waiting for '${waitUntil}') within ${seconds}. ${hint}`,
    {
      cause,
    },
  );
}

function lastBlockedNavigation(navigations: readonly string[], proxy: GuardProxy) {
  for (const url of [...navigations].reverse()) {
    const found = proxy.blocked.find((blocked) => blocked.url === url || sameOrigin(blocked.url, url));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Same scheme-agnostic host and port: a tunnel is recorded as `https://host:port/`. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    return (
      left.host === right.host ||
      `${left.hostname}:${left.port || defaultPort(left)}` === `${right.hostname}:${right.port || defaultPort(right)}`
    );
  } catch {
    return false;
  }
}

function defaultPort(url: URL): string {
  return url.protocol === 'https:' ? '443' : '80';
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).replace(/^page\.goto: /, '').trim();
}
