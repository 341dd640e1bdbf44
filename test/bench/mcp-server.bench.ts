// A call through `serveMcp` (Streamable HTTP: Host, Origin and token checks, the session's run and the
// whole pipeline) against a bare SDK `Server` on the same transport whose handler does the same work,
// both driven by the official SDK client, one call at a time, in rounds that take turns. Latency per
// call: p50 and p99 of each side, and their ratios.
// Run: node --expose-gc --import tsx test/bench/mcp-server.bench.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve as serveNode } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { createEngine } from '../../packages/runtime/src/index.js';
import { serveMcp } from '../../packages/runtime/src/mcp/index.js';
import { Type } from '../../packages/schema/src/index.js';

const CALLS_PER_ROUND = 500;
const ROUNDS = 6;

const plain = ({ n }: { n: number }) => `n=${n}`;

async function bareServer(): Promise<{ url: string; close: () => void }> {
  const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'plain', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: plain(request.params.arguments as { n: number }) }],
  }));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: randomUUID });
  await server.connect(transport);
  const app = new Hono();
  app.all('/mcp', (context) => transport.handleRequest(context.req.raw));
  return new Promise((resolve) => {
    const listening = serveNode({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}/mcp`, close: () => listening.close() }),
    );
  });
}

async function client(url: string, token?: string): Promise<Client> {
  const connected = new Client({ name: 'bench', version: '1.0.0' });
  await connected.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } },
    }),
  );
  return connected;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-bench-')));
const cell = createEngine().createCell({ workDir });
cell
  .tools()
  .register({ name: 'plain', description: 'Plain.', parameters: Type.Object({ n: Type.Integer() }), handler: plain });
const served = await serveMcp(cell, { transport: 'http', token: 'bench-token-0123456789' });
const bare = await bareServer();
const sides = [
  { name: 'bare SDK server', client: await client(bare.url), times: [] as number[] },
  {
    name: 'serveMcp (cell)',
    client: await client(served.url as string, 'bench-token-0123456789'),
    times: [] as number[],
  },
];
for (const side of sides) for (let n = 0; n < 200; n++) await side.client.callTool({ name: 'plain', arguments: { n } });
for (let round = 0; round < ROUNDS; round++) {
  for (const side of sides) {
    for (let n = 0; n < CALLS_PER_ROUND; n++) {
      const started = process.hrtime.bigint();
      await side.client.callTool({ name: 'plain', arguments: { n } });
      side.times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
}
const rows = sides.map((side) => {
  const sorted = [...side.times].sort((a, b) => a - b);
  return { name: side.name, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), calls: sorted.length };
});
const [reference] = rows;
console.log('### One tools/call over Streamable HTTP on loopback, sequential (ms)\n');
console.log('| case | p50 ms | p99 ms | calls | p50 ratio | p99 ratio |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.p50.toFixed(3)} | ${row.p99.toFixed(3)} | ${row.calls} | ${(row.p50 / (reference?.p50 ?? 1)).toFixed(2)} | ${(row.p99 / (reference?.p99 ?? 1)).toFixed(2)} |`,
  );
}
for (const side of sides) await side.client.close();
await served.close();
bare.close();
await cell.stop();
