// The host end of a sandboxed browser's only way out: a Unix socket, bound into the sandbox, that takes
// the browser's proxy connections and hands each to the guard proxy of the call whose browser context
// made it. A context proves which call it belongs to with proxy credentials made for that call; a
// connection without them is answered 407 (the browser then sends them), one with unknown ones 403.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface ProxyRoute {
  readonly username: string;
  readonly password: string;
  /** Stops routing this call's connections (open ones are closed). */
  release(): void;
}

export interface ProxyDispatcher {
  readonly socketPath: string;
  /** Routes connections that present the returned credentials to the guard proxy on 127.0.0.1:`port`. */
  route(port: number): ProxyRoute;
  close(): Promise<void>;
}

/** The most bytes of a request head read before it is routed. */
const MAX_HEAD = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
const CHALLENGE =
  'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="wesgine"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
const UNKNOWN = 'HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

export async function startProxyDispatcher(socketPath: string): Promise<ProxyDispatcher> {
  const routes = new Map<string, { readonly password: string; readonly port: number; readonly sockets: Set<Socket> }>();
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) {
        if (head.length > MAX_HEAD) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      const credentials = proxyCredentials(head.subarray(0, end).toString('latin1'));
      if (credentials === undefined) {
        socket.end(CHALLENGE);
        return;
      }
      const route = routes.get(credentials.username);
      if (route === undefined || route.password !== credentials.password) {
        socket.end(UNKNOWN);
        return;
      }
      const upstream = connect(route.port, '127.0.0.1');
      route.sockets.add(socket);
      route.sockets.add(upstream);
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
      upstream.once('connect', () => {
        upstream.write(head);
        socket.pipe(upstream);
        upstream.pipe(socket);
        socket.resume();
      });
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    socketPath,
    route(port) {
      const username = randomUUID();
      const password = randomUUID();
      const sockets = new Set<Socket>();
      routes.set(username, { password, port, sockets });
      return {
        username,
        password,
        release: () => {
          routes.delete(username);
          for (const socket of sockets) socket.destroy();
        },
      };
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `Proxy-Authorization: Basic <user:password>` of a request head. */
function proxyCredentials(head: string): { username: string; password: string } | undefined {
  const match = /^proxy-authorization:[ \t]*basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/im.exec(head);
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
