import { describe, expect, it } from 'vitest';
import { fixtureCell } from './http.test.fixture.js';
import { serve } from './serve.js';

describe('serve', () => {
  it('refuses an address reachable from other machines unless a token is set', async () => {
    const { cell } = fixtureCell();
    await expect(serve(cell, { host: '0.0.0.0' })).rejects.toThrow(
      'host "0.0.0.0" is reachable from other machines and this API runs tools: set a token, or listen on 127.0.0.1',
    );
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
