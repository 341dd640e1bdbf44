import { describe, expect, it } from 'vitest';
import { checkMcpServerConfig } from './mcp-server-config.js';

describe('an MCP server config', () => {
  it('comes back frozen, with cwd resolved and each paths key a JSON pointer', () => {
    const config = checkMcpServerConfig(
      {
        name: 'fs',
        transport: 'stdio',
        command: 'fs-server',
        args: ['.'],
        cwd: 'sub',
        paths: { read_file: { path: 'read', '/edits/*/path': 'write', 'a/b': 'read' } },
      },
      '/work',
    );
    expect(config).toEqual({
      name: 'fs',
      transport: 'stdio',
      command: 'fs-server',
      args: ['.'],
      cwd: '/work/sub',
      paths: { read_file: { '/path': 'read', '/edits/*/path': 'write', '/a~1b': 'read' } },
    });
    expect(Object.isFrozen(config) && Object.isFrozen(config.args) && Object.isFrozen(config.paths)).toBe(true);
  });

  it('keeps a tool called __proto__ as a key', () => {
    const given = JSON.parse('{"name":"x","transport":"stdio","command":"y","paths":{"__proto__":{"p":"read"}}}');
    const config = checkMcpServerConfig(given, '/work');
    expect(Object.keys(config.paths ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(config.paths)).toBe(Object.prototype);
  });

  it('normalises an http url and refuses stdio fields on it', () => {
    expect(checkMcpServerConfig({ name: 'r', transport: 'http', url: 'http://127.0.0.1:3001/mcp' }, '/w').url).toBe(
      'http://127.0.0.1:3001/mcp',
    );
    expect(() =>
      checkMcpServerConfig({ name: 'r', transport: 'http', url: 'http://h/', sandbox: false }, '/w'),
    ).toThrow("the MCP server 'r' uses the http transport; sandbox applies only to stdio servers");
    expect(() => checkMcpServerConfig({ name: 'r', transport: 'stdio', command: 'c', headers: {} }, '/w')).toThrow(
      "the MCP server 'r' uses the stdio transport; headers applies only to http servers",
    );
  });

  it('refuses a time limit no timer can keep (Node would fire it at once)', () => {
    const config = (timeoutMs: number) => ({ name: 't', transport: 'stdio', command: 'c', timeoutMs });
    expect(checkMcpServerConfig(config(2_147_483_647), '/w').timeoutMs).toBe(2_147_483_647);
    for (const timeoutMs of [2_147_483_648, 1e12]) {
      expect(() => checkMcpServerConfig(config(timeoutMs), '/w')).toThrow(
        "the MCP server 't': timeoutMs must be at most 2147483647 milliseconds (about 24 days)",
      );
    }
  });
});
