import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDispatcher, startProxyDispatcher } from './proxy-dispatcher.js';

/** Sends `text` over the dispatcher's socket and reads until the other side closes. */
function exchange(socketPath: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(text);
  });
}

const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');

let upstream: Server;
let upstreamPort = 0;
let dispatcher: ProxyDispatcher;
const received: string[] = [];

beforeAll(async () => {
  // Stands for a call's guard proxy: answers with what it got, then closes.
  upstream = createServer((socket) => {
    socket.once('data', (chunk) => {
      received.push(chunk.toString('latin1'));
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as { port: number }).port;
  dispatcher = await startProxyDispatcher(join(mkdtempSync(join(tmpdir(), 'wesgine-dispatch-')), 'proxy.sock'));
});
afterAll(async () => {
  await dispatcher.close();
  upstream.close();
});

describe('startProxyDispatcher', () => {
  it('asks for credentials first, refuses unknown ones, and hands a known call its own connection whole', async () => {
    const route = dispatcher.route(upstreamPort);
    const head = 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n';
    expect(await exchange(dispatcher.socketPath, `${head}\r\n`)).toBe(
      'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="wesgine"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    const wrong = `${head}Proxy-Authorization: Basic ${basic(route.username, 'guess')}\r\n\r\n`;
    expect(await exchange(dispatcher.socketPath, wrong)).toBe(
      'HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expect(received).toEqual([]);
    const right = `${head}Proxy-Authorization: Basic ${basic(route.username, route.password)}\r\n\r\n`;
    expect(await exchange(dispatcher.socketPath, right)).toBe('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    expect(received).toEqual([right]);
    route.release();
    expect(await exchange(dispatcher.socketPath, right)).toContain('403 Forbidden');
    expect(received).toHaveLength(1);
  });

  it('cuts a head that never ends', async () => {
    const answer = await exchange(dispatcher.socketPath, `GET / HTTP/1.1\r\nX: ${'a'.repeat(70_000)}`);
    expect(answer).toBe('');
  });
});
