import { createServer, type Server, type Socket } from 'node:net';
import { type Cell, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { freePort } from './testing/dovecot.test.fixture.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

let servers: MailServers;
/** A server that takes connections and never says a word: a backend that hangs. */
let silent: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  servers = await startMailServers();
  await servers.seed({ from: 'ana@example.org', to: 'wes@example.org', subject: 'Hello', text: 'hi' });
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await servers?.stop();
});

function cellWith(imap: Partial<ReturnType<MailServers['spec']>['imap']>, timeoutMs?: number): Cell {
  const spec = servers.spec(timeoutMs === undefined ? {} : { timeoutMs });
  return createEngine({ adapters: [emailAdapter] }).createCell({
    workDir: servers.workDir,
    email: { ...spec, imap: { ...spec.imap, ...imap } },
  });
}

describe('email.search and email.read when the IMAP server will not serve', () => {
  it('names the server and the settings to check for a wrong password and for a closed port', async () => {
    const wrong = cellWith({ password: 'not-it' });
    const closedPort = await freePort();
    const closed = cellWith({ port: closedPort });
    const refused = await wrong.run().call('email.search', {});
    const unreachable = await closed.run().call('email.read', { uid: 1 });
    await Promise.all([wrong.stop(), closed.stop()]);
    expect([refused.code, unreachable.code]).toEqual(['unavailable', 'unavailable']);
    expect(refused.text).toBe(
      `the IMAP server 127.0.0.1:${servers.dovecot.port} refused the login of 'wes' (Authentication failed.); check email.imap.user and email.imap.password`,
    );
    expect(unreachable.text).toBe(
      `could not reach the IMAP server 127.0.0.1:${closedPort}: the connection was refused; check that it runs and that email.imap.host and email.imap.port are right`,
    );
  });

  it('times out on a server that never greets, and a cancelled call stops waiting at once', async () => {
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const hung = cellWith({ port }, 400);
    const timedOut = await hung.run().call('email.search', {});
    const controller = new AbortController();
    const pending = hung.run({ signal: controller.signal }).call('email.search', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    controller.abort();
    const cancelled = await pending;
    expect(Date.now() - started).toBeLessThan(200);
    await hung.stop();
    expect(timedOut.code).toBe('timeout');
    expect(timedOut.text).toBe(
      `the IMAP server 127.0.0.1:${port} did not answer within 400 ms; check that it runs and is reachable, then try again`,
    );
    expect(cancelled.code).toBe('aborted');
  });

  it('connects again after the server went away and came back', async () => {
    const cell = cellWith({});
    const before = await cell.run().call('email.search', {});
    await servers.dovecot.halt();
    const during = await cell.run().call('email.search', {});
    await servers.dovecot.resume();
    const after = await cell.run().call('email.search', {});
    await cell.stop();
    expect(before.isError).toBe(false);
    expect(during.code).toBe('unavailable');
    expect(during.text).toBe(
      `could not reach the IMAP server 127.0.0.1:${servers.dovecot.port}: the connection was refused; check that it runs and that email.imap.host and email.imap.port are right`,
    );
    expect(after.isError).toBe(false);
    expect(after.text).toBe(before.text);
  });

  it('answers a call after the cell stopped with a sentence, not a crash', async () => {
    const cell = cellWith({});
    const run = cell.run();
    await run.call('email.search', {});
    await cell.stop();
    const late = await run.call('email.search', {});
    expect(late.code).toBe('unknown_tool');
    expect(late.text).toMatchInlineSnapshot(`"There is no tool named 'email.search'"`);
  });
});
