import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, isIP, type LookupFunction, type Socket } from 'node:net';
import type { RequestGate } from './request-gate.js';

/** A request of the page that did not go through: refused by governance, or failed on the network. */
export interface BlockedRequest {
  readonly url: string;
  readonly kind: 'refused' | 'failed';
  readonly reason: string;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for the browser context's `proxy.server` (a socket's proxy: port 0). */
  readonly server: string;
  readonly port: number;
  /** The header a refusal answer carries, with this proxy's own value (pages cannot forge it). */
  readonly marker: { readonly header: string; readonly value: string };
  readonly blocked: readonly BlockedRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);
const MARKER_HEADER = 'x-wesgine-blocked';

/**
 * A forward proxy for one call's connections (a browser context's, or a sandboxed program's), on
 * 127.0.0.1 or on `socketPath`, so every connection (documents, redirects, sub-resources, fetches,
 * WebSockets and TLS tunnels) is judged by `gate` and goes only to the addresses the gate fixed. Plain HTTP is forwarded request by request; `CONNECT`
 * (https, wss) is judged by host and port, then tunnelled. A refusal answers 403 (or a failed tunnel)
 * and is recorded in `blocked`.
 */
export async function startGuardProxy(gate: RequestGate, socketPath?: string): Promise<GuardProxy> {
  const blocked: BlockedRequest[] = [];
  const sockets = new Set<Socket>();
  const marker = { header: MARKER_HEADER, value: randomUUID() };

  const server = createServer((incoming, outgoing) => {
    void forward(incoming, outgoing);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    void tunnel(incoming, socket, head);
  });

  async function forward(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(incoming.url ?? '');
    } catch {
      outgoing.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      outgoing.writeHead(400).end();
      return;
    }
    const decision = await gate(url);
    if (!decision.allow) {
      blocked.push({ url: url.href, kind: 'refused', reason: decision.reason });
      answerBlocked(outgoing, 403, `Refused: ${decision.reason}`);
      return;
    }
    const upstream = httpRequest(
      {
        ...pinnedTo(decision.addresses),
        port: url.port === '' ? 80 : Number(url.port),
        method: incoming.method,
        path: `${url.pathname}${url.search}`,
        headers: withoutHopByHop(incoming.headers),
        setHost: false,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.statusMessage, withoutHopByHop(response.headers));
        response.pipe(outgoing);
        response.on('error', () => outgoing.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const reason = `${decision.host} could not be reached (${error.code ?? error.message})`;
      blocked.push({ url: url.href, kind: 'failed', reason });
      if (!outgoing.headersSent) answerBlocked(outgoing, 502, reason);
      else outgoing.destroy();
    });
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  }

  function answerBlocked(outgoing: ServerResponse, status: number, text: string): void {
    outgoing
      .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [MARKER_HEADER]: marker.value })
      .end(text);
  }

  async function tunnel(incoming: IncomingMessage, socket: Socket, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const target = incoming.url ?? '';
    let url: URL;
    try {
      url = new URL(`https://${target}/`);
      if (url.port === '') url = new URL(`https://${target}:443/`);
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const port = url.port === '' ? 443 : Number(url.port);
    const decision = await gate(url);
    if (!decision.allow) {
      blocked.push({ url: url.href, kind: 'refused', reason: decision.reason });
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect({ ...pinnedTo(decision.addresses), port });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      blocked.push({
        url: url.href,
        kind: 'failed',
        reason: `${decision.host} could not be reached (${error.code ?? error.message})`,
      });
      if (connected) socket.destroy();
      else socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    socket.on('close', () => upstream.destroy());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (socketPath === undefined) server.listen(0, '127.0.0.1', () => resolve());
    else server.listen(socketPath, () => resolve());
  });
  const port = socketPath === undefined ? (server.address() as AddressInfo).port : 0;
  return {
    server: `http://127.0.0.1:${port}`,
    port,
    marker,
    blocked,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Connection options that reach exactly `addresses`, whatever DNS says now: a lookup that answers with
 * them, tried in turn (happy eyeballs) when there are several.
 */
function pinnedTo(addresses: readonly string[]) {
  const found = addresses.map((address) => ({ address, family: isIP(address) }));
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all === true) callback(null, found);
    else callback(null, found[0]?.address ?? '', found[0]?.family ?? 4);
  };
  return { host: addresses[0] ?? '', lookup, autoSelectFamily: addresses.length > 1 };
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.includes(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}
