import { describe, expect, it } from 'vitest';
import { defaultServerName, mcpToolIdentifiers, registeredName, serverIdentifiers } from './mcp-identifiers.js';

describe('identifiers for an MCP server and its tools', () => {
  it('are unique, numbered in name order whatever order the server lists them in', () => {
    const ids = mcpToolIdentifiers(['get_sum', 'get-sum', 'getSum', 'delete']);
    expect(Object.fromEntries(ids)).toEqual({
      'get-sum': { pascal: 'GetSum', camel: 'getSum' },
      getSum: { pascal: 'GetSum2', camel: 'getSum2' },
      get_sum: { pascal: 'GetSum3', camel: 'getSum3' },
      delete: { pascal: 'Delete', camel: 'delete' },
    });
    expect(serverIdentifiers('my-fs')).toEqual({ pascal: 'MyFs', camel: 'myFs' });
  });

  it('derive a default server name from what the server calls itself', () => {
    expect(
      ['mcp-servers/everything', 'secure-filesystem-server', '@acme/Big Tool!', '123', ''].map(defaultServerName),
    ).toEqual(['everything', 'secure-filesystem-server', 'big-tool', 'server', 'server']);
  });

  it('put the prefix in front of each registered name', () => {
    expect(registeredName(undefined, 'read')).toBe('read');
    expect(registeredName('fs_', 'read')).toBe('fs_read');
  });
});
