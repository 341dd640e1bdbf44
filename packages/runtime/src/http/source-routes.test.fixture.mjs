// A small MCP server on stdio (the official SDK's low-level Server) for the source routes' tests.
// `node <this>` serves two tools, `greet` and `shout`; `node <this> silent` reads its input and never
// answers, so the client stays connecting.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = [
  {
    name: 'greet',
    description: 'Greets someone by name.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'shout',
    description: 'Says a text loudly.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
];

if (process.argv[2] === 'silent') {
  process.stdin.resume();
} else {
  const server = new Server(
    { name: 'greeter', version: '1.2.0' },
    { capabilities: { tools: {} }, instructions: 'Greets people.' },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args = {} } = request.params;
    const text = name === 'greet' ? `Hello, ${args.name}!` : String(args.text).toUpperCase();
    return { content: [{ type: 'text', text }] };
  });
  await server.connect(new StdioServerTransport());
}
