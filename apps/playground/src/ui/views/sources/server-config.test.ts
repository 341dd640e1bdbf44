import { describe, expect, it } from 'vitest';
import { serverConfig } from './server-config.js';

const fields = { name: 'fs', transport: 'stdio' as const, command: 'node', args: '', url: '' };

describe('serverConfig', () => {
  it('makes a stdio body with one argument per line, blank lines and edges trimmed', () => {
    expect(serverConfig({ ...fields, name: ' fs ', args: ' server.js\n\n  /tmp/work \n' })).toEqual({
      name: 'fs',
      body: { transport: 'stdio', command: 'node', args: ['server.js', '/tmp/work'] },
    });
  });

  it('leaves args out when none are given', () => {
    expect(serverConfig(fields)).toEqual({ name: 'fs', body: { transport: 'stdio', command: 'node' } });
  });

  it('makes an http body from the URL and ignores the command fields', () => {
    expect(
      serverConfig({ ...fields, transport: 'http', command: 'ignored', url: ' http://127.0.0.1:3001/mcp ' }),
    ).toEqual({ name: 'fs', body: { transport: 'http', url: 'http://127.0.0.1:3001/mcp' } });
  });

  it('says what to fix for each mistake', () => {
    expect(serverConfig({ ...fields, name: '  ' })).toEqual({
      problem: 'Give the server a name: it becomes its source, mcp:<name>.',
    });
    expect(serverConfig({ ...fields, name: 'my server' })).toEqual({
      problem: `A server's name is 1 to 64 letters, digits, '_', '-' or '.'; "my server" is not.`,
    });
    expect(serverConfig({ ...fields, name: 'x'.repeat(65) })).toHaveProperty('problem');
    expect(serverConfig({ ...fields, command: ' ' })).toEqual({
      problem: 'Give the program to start, such as node or npx.',
    });
    expect(serverConfig({ ...fields, transport: 'http', url: 'localhost:3001' })).toEqual({
      problem: "An MCP server's URL starts with http: or https:, not localhost:",
    });
    expect(serverConfig({ ...fields, transport: 'http', url: 'not a url' })).toEqual({
      problem: "Give the server's address as a full URL, such as http://127.0.0.1:3001/mcp.",
    });
    expect(serverConfig({ ...fields, transport: 'http', url: 'ftp://example.com/mcp' })).toEqual({
      problem: "An MCP server's URL starts with http: or https:, not ftp:",
    });
  });
});
