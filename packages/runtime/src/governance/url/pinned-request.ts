import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** Where one request goes: a URL whose host has been judged, and the addresses that judgement saw. */
export interface PinnedTarget {
  readonly url: URL;
  readonly host: string;
  readonly addresses: readonly string[];
}

export interface PinnedRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array | undefined;
  readonly signal: AbortSignal;
}

/**
 * Answers every lookup with the judged addresses, whatever the socket asks: the connection cannot reach
 * an address the judgement did not see, however the name resolves by then (DNS rebinding).
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const [first] = entries;
    if (options.all === true) callback(null, entries);
    else if (first === undefined) callback(new Error('no judged address to connect to'), '');
    else callback(null, first.address, first.family);
  };
}

/**
 * Sends one request to `target` and resolves with the response head. No connection reuse (`agent:
 * false`), so a socket opened for one judgement never serves another. The Host header is always the
 * URL's own host: a caller cannot aim it elsewhere.
 */
export function sendPinned(target: PinnedTarget, request: PinnedRequest): Promise<IncomingMessage> {
  const { url } = target;
  const secure = url.protocol === 'https:';
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'host'));
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)({
      protocol: url.protocol,
      host: target.host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: { ...headers, host: url.host },
      lookup: pinnedLookup(target.addresses),
      agent: false,
      signal: request.signal,
    });
    outgoing.once('response', resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Reads a response body up to `maxBytes`. A longer body is cut there, `truncated` is set and the
 * connection is closed, so a huge or endless body costs no more than the cap.
 */
export function readCapped(
  response: IncomingMessage,
  maxBytes: number,
): Promise<{ readonly body: Buffer; readonly truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      const room = maxBytes - size;
      if (chunk.length <= room) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      chunks.push(chunk.subarray(0, room));
      resolve({ body: Buffer.concat(chunks), truncated: true });
      response.destroy();
    });
    response.once('end', () => resolve({ body: Buffer.concat(chunks), truncated: false }));
    response.on('error', reject);
    response.once('close', () => {
      if (!response.complete) reject(new Error('the connection closed before the whole body arrived'));
    });
  });
}
