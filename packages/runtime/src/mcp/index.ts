// The public surface of @wesgine/runtime/mcp. Adding a name here makes it public API.
//
// serveMcp(cell, { transport: 'stdio' | 'http' }): a cell's tools for any MCP client (server/serve-mcp.ts).

export { CODE_META_KEY } from './server/call-result.js';
export type {
  McpHttpOptions,
  McpServeCommon,
  McpServing,
  McpStdioOptions,
  ServeMcpOptions,
} from './server/serve-mcp.js';
export { MCP_HUMAN_TIMEOUT_MS, serveMcp } from './server/serve-mcp.js';
