import { describe, expect, it } from 'vitest';
import { mcpCallError } from './mcp-call-error.js';

const wire = (code: number, message: string) => Object.assign(new Error(`MCP error ${code}: ${message}`), { code });
const read = (thrown: unknown) => {
  const { error, connectionLost } = mcpCallError(thrown, 'fs', 'read_file', 500);
  return [error.code, error.message, connectionLost];
};

describe('a failed tools/call as the model reads it', () => {
  it('maps the wire codes to ours', () => {
    expect(read(wire(-32000, 'Connection closed'))).toEqual([
      'unavailable',
      'The MCP server fs closed the connection before read_file answered; it reconnects by itself, try again shortly.',
      true,
    ]);
    expect(read(wire(-32001, 'Request timed out'))).toEqual([
      'timeout',
      'The MCP server fs did not answer read_file within 500 ms.',
      false,
    ]);
    expect(read(wire(-32602, 'path must be absolute'))).toEqual([
      'invalid_arguments',
      'The MCP server fs refused the arguments of read_file: path must be absolute',
      false,
    ]);
    expect(read(wire(-32602, "Structured content does not match the tool's output schema: /t must be number"))).toEqual(
      [
        'handler_failed',
        "The MCP server fs answered read_file with a result that breaks its own output schema: Structured content does not match the tool's output schema: /t must be number",
        false,
      ],
    );
    expect(read(wire(-32601, 'Method not found'))).toEqual([
      'unknown_tool',
      'The MCP server fs does not know read_file: Method not found',
      false,
    ]);
    expect(read(wire(-32603, 'boom'))).toEqual([
      'handler_failed',
      'The MCP server fs answered read_file with an error: boom',
      false,
    ]);
  });

  it('takes anything without a code as a server out of reach', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(read(refused)).toEqual([
      'unavailable',
      'The MCP server fs could not be reached (fetch failed: ECONNREFUSED); it reconnects by itself, try again shortly.',
      true,
    ]);
    const hostile = {
      get message() {
        throw new Error('no');
      },
    };
    expect(read(hostile)[0]).toBe('unavailable');
  });
});
