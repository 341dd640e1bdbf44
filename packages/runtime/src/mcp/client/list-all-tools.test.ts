import { getEventListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
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

  it("says in a sentence where a listing breaks the MCP schema, not the SDK's issues as JSON", async () => {
    const server = new Server({ name: 'odd', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        { name: 'fine', inputSchema: { type: 'object' } },
        { name: 'odd', inputSchema: { type: 'object', properties: { yes: true, no: false } } },
      ],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(clientSide);
    try {
      await expect(listAllTools(client, new AbortController().signal)).rejects.toThrow(
        new Error(
          'its list of tools does not follow the MCP schema (tools[1].inputSchema.properties.yes: Invalid input; tools[1].inputSchema.properties.no: Invalid input)',
        ),
      );
    } finally {
      await Promise.all([client.close(), server.close()]);
    }
  });
});
