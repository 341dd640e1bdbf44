import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Cell } from '@wesgine/runtime';
import { type McpServing, serveMcp } from '@wesgine/runtime/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, mcpCell } from './mcp-harness.js';

// Requirement: MCP both ways on one pipeline. The reference server `server-everything`, proxied into a
// cell by `cell.mcps()`, is served again with `serveMcp`: the official SDK client on the far side sees
// its tools (output schemas and hints included), calls them through the cell's pipeline, and gets
// structured results and the server's progress relayed.

describe('a proxied MCP server served again by serveMcp', () => {
  let cell: Cell;
  let cleanup: () => Promise<void>;
  let serving: McpServing;
  let client: Client;

  beforeAll(async () => {
    ({ cell, cleanup } = mcpCell());
    await cell
      .mcps()
      .upsert({ name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] });
    serving = await serveMcp(cell, { transport: 'http', token: 'proxy-token-0123456789' });
    client = new Client({ name: 'far-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serving.url as string), {
        requestInit: { headers: { Authorization: 'Bearer proxy-token-0123456789' } },
      }),
    );
  }, 30_000);
  afterAll(async () => {
    await client?.close();
    await serving?.close();
    await cleanup?.();
  });

  it('lists and calls the server tools through the cell, with progress relayed', async () => {
    const audit: { tool: string; actor: string | undefined; outcome: string }[] = [];
    cell.onAudit((event) => audit.push({ tool: event.tool, actor: event.actor, outcome: event.outcome }));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hello' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: hello' }],
    });
    const progress: number[] = [];
    const long = await client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(long.isError).toBeUndefined();
    expect(progress).toEqual([1, 2, 3]);
    const structured = (await client.listTools()).tools.find((tool) => tool.name === 'get-structured-content');
    expect(structured?.outputSchema).toMatchObject({
      type: 'object',
      required: ['temperature', 'conditions', 'humidity'],
    });
    expect(structured?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    const weather = await client.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } });
    expect(weather.structuredContent).toEqual({
      temperature: expect.any(Number),
      conditions: expect.any(String),
      humidity: expect.any(Number),
    });
    const invalid = await client.callTool({ name: 'get-sum', arguments: { a: 'one' } });
    expect(invalid.isError).toBe(true);
    expect(invalid._meta).toEqual({ 'wesgine/code': 'invalid_arguments' });
    expect(audit).toEqual([
      { tool: 'echo', actor: 'far-client', outcome: 'ok' },
      { tool: 'trigger-long-running-operation', actor: 'far-client', outcome: 'ok' },
      { tool: 'get-structured-content', actor: 'far-client', outcome: 'ok' },
      { tool: 'get-sum', actor: 'far-client', outcome: 'invalid_arguments' },
    ]);
  }, 30_000);
});
