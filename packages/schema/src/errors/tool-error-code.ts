/**
 * The closed set of reasons a tool call or a tool definition can fail. Each code is what a caller
 * branches on; the message is for the model and for people. Wire codes (HTTP, JSON-RPC) live in one
 * table, `TOOL_ERROR_WIRE`, so a transport never invents its own mapping.
 */
export const TOOL_ERROR_WIRE = {
  invalid_arguments: { http: 400, jsonRpc: -32602 },
  unknown_tool: { http: 404, jsonRpc: -32601 },
  not_allowed: { http: 403, jsonRpc: -32001 },
  denied: { http: 403, jsonRpc: -32002 },
  approval_required: { http: 409, jsonRpc: -32003 },
  cycle_blocked: { http: 429, jsonRpc: -32004 },
  timeout: { http: 504, jsonRpc: -32005 },
  aborted: { http: 499, jsonRpc: -32006 },
  not_found: { http: 404, jsonRpc: -32007 },
  conflict: { http: 409, jsonRpc: -32008 },
  unavailable: { http: 503, jsonRpc: -32009 },
  not_implemented: { http: 501, jsonRpc: -32010 },
  invalid_definition: { http: 500, jsonRpc: -32011 },
  handler_failed: { http: 500, jsonRpc: -32012 },
  path_not_allowed: { http: 403, jsonRpc: -32013 },
  hardline_denied: { http: 403, jsonRpc: -32014 },
  zone_denied: { http: 403, jsonRpc: -32015 },
  file_not_found: { http: 404, jsonRpc: -32016 },
  not_a_file: { http: 422, jsonRpc: -32017 },
  file_too_large: { http: 413, jsonRpc: -32018 },
  binary_file: { http: 415, jsonRpc: -32019 },
  file_exists: { http: 409, jsonRpc: -32020 },
  not_read: { http: 409, jsonRpc: -32021 },
  stale_read: { http: 409, jsonRpc: -32022 },
  edit_no_match: { http: 422, jsonRpc: -32023 },
  edit_ambiguous: { http: 422, jsonRpc: -32024 },
  no_change: { http: 422, jsonRpc: -32025 },
  patch_invalid: { http: 400, jsonRpc: -32026 },
  patch_no_match: { http: 422, jsonRpc: -32027 },
  internal: { http: 500, jsonRpc: -32603 },
} as const satisfies Record<string, { readonly http: number; readonly jsonRpc: number }>;

export type ToolErrorCode = keyof typeof TOOL_ERROR_WIRE;

const CODES = new Set<string>(Object.keys(TOOL_ERROR_WIRE));

export function isToolErrorCode(value: unknown): value is ToolErrorCode {
  return typeof value === 'string' && CODES.has(value);
}
