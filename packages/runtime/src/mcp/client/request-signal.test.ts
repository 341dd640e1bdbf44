import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { RequestSignal } from './request-signal.js';

/** A server whose one tool waits until the client cancels it, and says when the cancel arrived. */
async function connected() {
  let heardCancel: (reason: unknown) => void = () => {};
  const cancelled = new Promise<unknown>((resolve) => {
    heardCancel = resolve;
  });
  const server = new McpServer({ name: 'waits', version: '1.0.0' });
  server.registerTool('wait', { description: 'Waits to be cancelled.' }, (extra) => {
    return new Promise((resolve) => {
      extra.signal.addEventListener('abort', () => {
        heardCancel(extra.signal.reason);
        resolve({ content: [{ type: 'text', text: 'late' }] });
      });
    });
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(clientSide);
  return { client, cancelled, close: () => Promise.all([client.close(), server.close()]) };
}

describe('RequestSignal', () => {
  it("cancels the SDK's request as an AbortSignal does: the server hears notifications/cancelled", async () => {
    const { client, cancelled, close } = await connected();
    try {
      const signal = new RequestSignal();
      const pending = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: signal.asSignal() });
      setTimeout(() => signal.abort(new Error('the call timed out')), 50);
      await expect(pending).rejects.toThrow('the call timed out');
      expect(String(await cancelled)).toContain('the call timed out');
      expect(signal.aborted).toBe(true);
    } finally {
      await close();
    }
  });

  it('refuses a request that was aborted before it was sent, and aborts once', async () => {
    const { client, close } = await connected();
    try {
      const signal = new RequestSignal();
      let heard = 0;
      signal.addEventListener('abort', () => heard++);
      signal.abort('first');
      signal.abort('second');
      expect([heard, signal.reason]).toEqual([1, 'first']);
      await expect(
        client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: signal.asSignal() }),
      ).rejects.toBe('first');
    } finally {
      await close();
    }
  });
});
