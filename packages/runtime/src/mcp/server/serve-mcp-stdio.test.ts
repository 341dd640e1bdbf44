import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine/create-engine.js';
import { serveMcp } from './serve-mcp.js';

/** The client's end of two pipes: what it writes is the server's stdin, what it reads the server's stdout. */
function pipeTransport(toServer: PassThrough, fromServer: PassThrough): Transport {
  const buffer = new ReadBuffer();
  const transport: Transport = {
    start: async () => {
      fromServer.on('data', (chunk: Buffer) => {
        buffer.append(chunk);
        for (let message = buffer.readMessage(); message !== null; message = buffer.readMessage()) {
          transport.onmessage?.(message);
        }
      });
    },
    send: async (message: JSONRPCMessage) => {
      toServer.write(serializeMessage(message));
    },
    close: async () => {
      toServer.end();
      transport.onclose?.();
    },
  };
  return transport;
}

function servedCell() {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-stdio-')));
  const cell = createEngine().createCell({ workDir });
  const started: string[] = [];
  cell.tools().register({
    name: 'wait',
    description: 'Waits until it is cancelled.',
    parameters: Type.Object({}),
    handler: (_args, context) =>
      new Promise((_resolve, reject) => {
        started.push('started');
        context.signal.addEventListener('abort', () => reject(context.signal.reason));
      }),
  });
  return { cell, started };
}

describe('serveMcp over stdio', () => {
  it('cancels the calls under way when serving is closed', async () => {
    const { cell, started } = servedCell();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const serving = await serveMcp(cell, { transport: 'stdio', stdin, stdout });
    const client = new Client({ name: 'pipe-client', version: '1.0.0' });
    await client.connect(pipeTransport(stdin, stdout));
    const call = client.callTool({ name: 'wait', arguments: {} }).catch(() => 'no answer');
    await expect.poll(() => started).toEqual(['started']);
    await serving.close();
    await expect.poll(() => cell.auditLog().map((event) => event.outcome)).toEqual(['aborted']);
    expect(cell.auditLog()[0]?.actor).toBe('pipe-client');
    await client.close();
    await call;
    await cell.stop();
  });

  it('serves one client on the streams, as the actor given, and ends when its stdin ends', async () => {
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-stdio-')));
    const cell = createEngine().createCell({ workDir });
    cell.tools().register({
      name: 'echo',
      description: 'Say it back.',
      parameters: Type.Object({ text: Type.String() }),
      handler: ({ text }) => text,
    });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const serving = await serveMcp(cell, {
      transport: 'stdio',
      stdin,
      stdout,
      actor: 'desk',
      serverInfo: { name: 'notes', version: '2.0.0' },
    });
    expect([serving.transport, serving.url, serving.token, serving.usage]).toEqual([
      'stdio',
      undefined,
      undefined,
      'wesgine tools MCP server on stdio',
    ]);
    const client = new Client({ name: 'pipe-client', version: '1.0.0' });
    await client.connect(pipeTransport(stdin, stdout));
    expect(client.getServerVersion()).toEqual({ name: 'notes', version: '2.0.0' });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(cell.auditLog().map((event) => [event.tool, event.actor, event.outcome])).toEqual([['echo', 'desk', 'ok']]);
    let ended = false;
    void serving.closed.then(() => {
      ended = true;
    });
    await client.close();
    stdin.resume();
    await serving.closed;
    expect(ended).toBe(true);
    await cell.stop();
  });
});
