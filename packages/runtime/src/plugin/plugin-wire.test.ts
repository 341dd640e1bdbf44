import { ToolError } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';
import { codeOfRpcError, rpcErrorOf } from './plugin-protocol.js';
import { readToolList } from './plugin-tools.js';
import { RpcConnection, RpcFailure } from './rpc-connection.js';

describe('the plugin wire', () => {
  it('splits NDJSON lines across chunks and multi-byte characters, and stops at the line cap', () => {
    const lines: string[] = [];
    const overflows: number[] = [];
    const reader = new LineReader({ line: (line) => lines.push(line), overflow: (bytes) => overflows.push(bytes) }, 16);
    const euro = Buffer.from('€');
    reader.push(Buffer.concat([Buffer.from('{"a":1}\r\n\n{"b":"'), euro.subarray(0, 1)]));
    reader.push(Buffer.concat([euro.subarray(1), Buffer.from('"}\n')]));
    expect(lines).toEqual(['{"a":1}', '{"b":"€"}']);
    reader.push(Buffer.from('x'.repeat(10)));
    reader.push(Buffer.from('x'.repeat(10)));
    expect(overflows).toEqual([20]);
    reader.push(Buffer.from('{"late":1}\n'));
    expect(lines).toHaveLength(2);
  });

  it('matches answers to requests in any order, drops late ones, and reports garbage', async () => {
    const written: string[] = [];
    const violations: string[] = [];
    const connection = new RpcConnection(
      {
        write: (line) => written.push(line) > 0,
        notification: () => {},
        violation: (reason) => violations.push(reason),
      },
      'notifications/cancelled',
    );
    const first = connection.request('tools/call', { n: 1 });
    const second = connection.request('tools/call', { n: 2 });
    connection.receive('{"jsonrpc":"2.0","id":2,"result":{"text":"two"}}');
    connection.receive('{"jsonrpc":"2.0","id":1,"error":{"code":-32007,"message":"gone"}}');
    expect(await second).toEqual({ text: 'two' });
    await expect(first).rejects.toBeInstanceOf(RpcFailure);
    connection.receive('{"jsonrpc":"2.0","id":99,"result":{}}');
    connection.receive('not json');
    connection.receive('{"id":3,"result":{}}');
    expect(violations).toEqual([
      'wrote a line that is not JSON: "not json"',
      'wrote a message without "jsonrpc": "2.0": "{\\"id\\":3,\\"result\\":{}}"',
    ]);
    const controller = new AbortController();
    const cancelled = connection.request('tools/call', {}, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    expect(JSON.parse(written.at(-1) ?? '')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 3, reason: 'the request was cancelled' },
    });
  });

  it("cancels a request through the pipeline's stop, and a stop after the answer sends nothing", async () => {
    const written: string[] = [];
    const connection = new RpcConnection(
      { write: (line) => written.push(line) > 0, notification: () => {}, violation: () => {} },
      'notifications/cancelled',
    );
    const stops: ((reason: ToolError) => void)[] = [];
    const stop = { onStop: (listener: (reason: ToolError) => void) => stops.push(listener) };
    expect(connection.nextId).toBe(1);
    const cancelled = connection.request('tools/call', { n: 1 }, { stop });
    const answered = connection.request('tools/call', { n: 2 }, { stop });
    expect(connection.nextId).toBe(3);
    stops[0]?.(new ToolError('timeout', 'slow did not finish within 5 ms'));
    await expect(cancelled).rejects.toMatchObject({ code: 'timeout', message: 'slow did not finish within 5 ms' });
    expect(JSON.parse(written.at(-1) ?? '')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'slow did not finish within 5 ms' },
    });
    connection.receive('{"jsonrpc":"2.0","id":2,"result":{"text":"two"}}');
    expect(await answered).toEqual({ text: 'two' });
    stops[1]?.(new ToolError('aborted', 'too late'));
    expect(written).toHaveLength(3);
    expect(connection.pending).toBe(0);
  });

  it('maps a plugin error to a ToolError code, never to one of governance', () => {
    expect(codeOfRpcError({ code: -32000, message: 'x', data: { code: 'not_found' } })).toBe('not_found');
    expect(codeOfRpcError({ code: -32000, message: 'x', data: { code: 'zone_denied' } })).toBe('handler_failed');
    expect(codeOfRpcError({ code: -32015, message: 'x' })).toBe('handler_failed');
    expect(codeOfRpcError({ code: -32602, message: 'x' })).toBe('invalid_arguments');
    expect(codeOfRpcError({ code: -32018, message: 'x' })).toBe('file_too_large');
    expect(rpcErrorOf('conflict', 'busy')).toEqual({ code: -32008, message: 'busy', data: { code: 'conflict' } });
  });

  it('reads a tools/list answer, leaving out what the cell cannot take, with why', () => {
    const object = { type: 'object', properties: { a: { type: 'string' } } };
    const { tools, skipped } = readToolList(
      {
        tools: [
          { name: 'ok', inputSchema: object, annotations: { readOnlyHint: true, destructiveHint: true } },
          { name: 'ok', inputSchema: object },
          { name: 'bad name', inputSchema: object },
          { name: 'no_schema' },
          { name: 'ref', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } },
        ],
      },
      'p',
      500,
    );
    expect(tools.map(({ definition }) => [definition.name, definition.description, definition.meta])).toEqual([
      ['ok', 'The tool ok of the plugin p.', { readOnly: true, timeoutMs: 500 }],
    ]);
    expect(skipped.map((entry) => entry.tool)).toEqual(['ok', 'bad name', 'no_schema', 'ref']);
    expect(skipped[2]?.reason).toBe('its inputSchema is not a JSON Schema of type "object"');
    expect(skipped[3]?.reason).toMatch(/^the validator cannot take its schema: /);
    expect(() => readToolList({}, 'p', undefined)).toThrow('answered tools/list without a "tools" array');
  });
});
