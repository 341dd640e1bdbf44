import { mkdtempSync, realpathSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { fixtureCell } from './http.test.fixture.js';
import { serve } from './serve.js';

/** A GET with exactly the headers given (fetch would set Host itself). */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, setHost: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('serve', () => {
  it("refuses auth: 'none' on an address reachable from other machines", async () => {
    const { cell } = fixtureCell();
    await expect(serve(cell, { host: '0.0.0.0', auth: 'none', allowedHosts: ['tools.lan:4000'] })).rejects.toThrow(
      `host "0.0.0.0" is reachable from other machines and this API runs tools: drop auth: 'none', or listen on 127.0.0.1`,
    );
  });

  it('refuses to listen on every address without allowedHosts', async () => {
    const { cell } = fixtureCell();
    for (const host of ['0.0.0.0', '::']) {
      await expect(serve(cell, { host })).rejects.toThrow(
        `host ${JSON.stringify(host)} listens on every address: name the Host values clients will send (such as "tools.internal:8080") in allowedHosts`,
      );
    }
  });

  it('rejects when the port is taken, and close() is the same promise every time', async () => {
    const { cell } = fixtureCell();
    const server = await serve(cell);
    const port = Number(new URL(server.url).port);
    await expect(serve(cell, { port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const closing = server.close();
    expect(server.close()).toBe(closing);
    await closing;
  });

  it('makes a token in the data folder, prints how to use it, and keeps it across a restart', async () => {
    const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-serve-data-')));
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-serve-work-')));
    const first = await serve(createEngine().createCell({ workDir, dataDir }));
    await first.close();
    const tokenFile = join(dataDir, 'http-token');
    expect(first.tokenFile).toBe(tokenFile);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(first.usage).toBe(
      `wesgine tools API at ${first.url} (its token is in ${tokenFile})\n` +
        `  curl -H "Authorization: Bearer $(cat '${tokenFile}')" ${first.url}/tools`,
    );
    expect(first.usage).not.toContain(first.token);
    const second = await serve(createEngine().createCell({ workDir, dataDir }));
    try {
      expect(second.token).toBe(first.token);
      expect(await get(`${second.url}/tools`, { host: new URL(second.url).host })).toBe(401);
      const auth = { authorization: `Bearer ${first.token}` };
      expect(await get(`${second.url}/tools`, { host: new URL(second.url).host, ...auth })).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("takes a given token as it is, and auth: 'none' on purpose", async () => {
    const { cell } = fixtureCell();
    const given = await serve(cell, { token: 'given-token' });
    await given.close();
    expect(given).toMatchObject({ token: 'given-token', tokenFile: undefined });
    expect(given.usage).toBe(
      `wesgine tools API at ${given.url}\n  curl -H 'Authorization: Bearer <your token>' ${given.url}/tools`,
    );
    const open = await serve(cell, { auth: 'none' });
    await open.close();
    expect(open).toMatchObject({ token: undefined, tokenFile: undefined });
    expect(open.usage).toBe(
      `wesgine tools API at ${open.url}, without a token: any program on this machine may call its tools\n  curl ${open.url}/tools`,
    );
  });

  it('answers its loopback names with its own port, and the allowedHosts', async () => {
    const { cell } = fixtureCell();
    const server = await serve(cell, { auth: 'none', allowedHosts: ['tools.lan:9999'] });
    const port = new URL(server.url).port;
    try {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'tools.lan:9999']) {
        expect({ host, status: await get(`${server.url}/tools`, { host }) }).toEqual({ host, status: 200 });
      }
      for (const host of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1', 'tools.lan']) {
        expect({ host, status: await get(`${server.url}/tools`, { host }) }).toEqual({ host, status: 421 });
      }
    } finally {
      await server.close();
    }
  });

  it('answers [::1] with its port when it listens there', async () => {
    const { cell } = fixtureCell();
    const server = await serve(cell, { auth: 'none', host: '::1' });
    const port = new URL(server.url).port;
    try {
      expect(server.url).toBe(`http://[::1]:${port}`);
      expect(await get(`${server.url}/tools`, { host: `[::1]:${port}` })).toBe(200);
      expect(await get(`${server.url}/tools`, { host: `[0:0:0:0:0:0:0:1]:${port}` })).toBe(421);
      expect(await get(`${server.url}/tools`, { host: `[::ffff:127.0.0.1]:${port}` })).toBe(421);
      expect(await get(`${server.url}/tools`, { host: `[::1%25lo]:${port}` })).toBe(421);
    } finally {
      await server.close();
    }
  });

  it('answers a request it cannot read with 400 and why, as JSON', async () => {
    const { cell } = fixtureCell();
    const server = await serve(cell, { auth: 'none' });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const outgoing = request(`${server.url}/tools`, { path: '/tools\\..\\x' }, (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(answer).toEqual({
        status: 400,
        body: '{"error":{"code":"bad_request","message":"the request cannot be read: Backslash in request path"}}',
      });
    } finally {
      await server.close();
    }
  });

  it('refuses options the app refuses without leaving the port bound', async () => {
    const { cell } = fixtureCell();
    await expect(serve(cell, { token: 'a b', port: 0 })).rejects.toThrow(
      'the token must be visible ASCII without spaces: it travels in an Authorization header',
    );
  });
});
