import { describe, expect, it } from 'vitest';
import { fixtureCell } from './http.test.fixture.js';
import { serve } from './serve.js';

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
});
