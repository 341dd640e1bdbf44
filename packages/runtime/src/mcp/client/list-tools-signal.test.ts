import { getEventListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { listAllTools } from './mcp-connection.js';

// The SDK adds an abort listener to the signal of every request and never removes it. The signal here
// lives as long as the server's source (every reconnect and every tools/list_changed lists again), so
// each listing must leave none on it: else a flapping server grows it without end and Node warns
// (MaxListenersExceededWarning) on the playground's stderr.
describe('listAllTools', () => {
  it('leaves no listener on the long-lived signal it is given, and still stops when it aborts', async () => {
    const server = new McpServer({ name: 'lists', version: '1.0.0' });
    server.registerTool('one', { description: 'One tool.' }, () => ({ content: [] }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(clientSide);
    try {
      const lifetime = new AbortController();
      for (let round = 0; round < 15; round++) {
        expect((await listAllTools(client, lifetime.signal)).map((tool) => tool.name)).toEqual(['one']);
      }
      expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0);
      lifetime.abort(new Error('the source stopped'));
      await expect(listAllTools(client, lifetime.signal)).rejects.toThrow('the source stopped');
    } finally {
      await Promise.all([client.close(), server.close()]);
    }
  });
});
