// The plugin protocol: newline-delimited JSON-RPC 2.0 over a child's stdin and stdout. One message per
// line, UTF-8, no embedded newlines (JSON.stringify never writes one). The runtime README's "## Plugins"
// section is the prose version of this file; keep them in step.
import { TOOL_ERROR_WIRE, type ToolErrorCode } from '@wesgine/schema';

/** The protocol version the host speaks; `initialize` sends it and a plugin may echo it back. */
export const PLUGIN_PROTOCOL_VERSION = 1;

/** The longest line (one message) either side may write: 8 MiB. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/** Method names, host to plugin (requests and the one notification) and plugin to host (notifications). */
export const PLUGIN_METHODS = {
  initialize: 'initialize',
  listTools: 'tools/list',
  callTool: 'tools/call',
  shutdown: 'shutdown',
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  log: 'notifications/log',
  toolsChanged: 'notifications/tools/list_changed',
} as const;

/** The JSON-RPC 2.0 codes the protocol itself uses (a tool's own failure carries a ToolError code too). */
export const JSON_RPC_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** A request id: the host sends integers; a plugin's answers echo them. */
export type RequestId = number | string;

/** A plugin's answer to `tools/call`. */
export interface PluginCallResult {
  readonly text: string;
  readonly data?: unknown;
}

/** The error object of a JSON-RPC response. */
export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

// The codes a plugin may give its own failure. Governance's codes (denied, zone_denied, cycle_blocked,
// approval_required...) are decisions of the host: a plugin claiming one is read as a plain failure.
const PLUGIN_CODES: ReadonlySet<ToolErrorCode> = new Set<ToolErrorCode>([
  'invalid_arguments',
  'not_found',
  'conflict',
  'unavailable',
  'not_implemented',
  'handler_failed',
  'timeout',
  'file_not_found',
  'not_a_file',
  'file_too_large',
  'binary_file',
  'file_exists',
  'no_change',
]);

const BY_WIRE = new Map<number, ToolErrorCode>(
  (Object.entries(TOOL_ERROR_WIRE) as [ToolErrorCode, { jsonRpc: number }][])
    .filter(([code]) => PLUGIN_CODES.has(code))
    .map(([code, wire]) => [wire.jsonRpc, code]),
);

/**
 * The ToolError code of a plugin's error response: `data.code` when it names one a plugin may use, else
 * the code whose JSON-RPC number it carries, else `handler_failed`.
 */
export function codeOfRpcError(error: RpcError): ToolErrorCode {
  const named = (error.data as { code?: unknown } | null | undefined)?.code;
  if (typeof named === 'string' && PLUGIN_CODES.has(named as ToolErrorCode)) return named as ToolErrorCode;
  if (error.code === JSON_RPC_CODES.invalidParams) return 'invalid_arguments';
  if (error.code === JSON_RPC_CODES.methodNotFound) return 'not_implemented';
  return BY_WIRE.get(error.code) ?? 'handler_failed';
}

/** The JSON-RPC error a plugin sends for a ToolError code (the wire table's number, the code in `data`). */
export function rpcErrorOf(code: ToolErrorCode, message: string): RpcError {
  return { code: TOOL_ERROR_WIRE[code].jsonRpc, message, data: { code } };
}
