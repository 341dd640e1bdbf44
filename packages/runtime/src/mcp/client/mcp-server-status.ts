import type { McpTransport } from './mcp-server-config.js';

/** Where a server's session stands: being opened, open, or lost (and being retried with backoff). */
export type McpServerState = 'connecting' | 'ready' | 'down';

/** One entry of `cell.mcps().list()`. */
export interface McpServerStatus {
  readonly name: string;
  /** `mcp:<name>`: the source id in audit events, zone rules and source events. */
  readonly sourceId: string;
  readonly transport: McpTransport;
  readonly state: McpServerState;
  /** The cell's names of its tools (prefixed), the ones a run can call now. */
  readonly tools: readonly string[];
  /** Tools of the server the cell left out, and why (a schema it cannot take, a name in use, ...). */
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
  /** What the server said it is in `initialize`, once it has connected. */
  readonly serverInfo: { readonly name: string; readonly version: string; readonly title?: string } | undefined;
  /** The server's instructions for the model, if it gave any. */
  readonly instructions: string | undefined;
  /**
   * For a stdio server: whether its process runs inside the OS sandbox (`false` when its config or the
   * cell turned the sandbox off). Undefined for an http server, which is no process of the cell.
   */
  readonly sandboxed: boolean | undefined;
  /** Why the last connection failed or ended, while it is down or retrying. */
  readonly lastError: string | undefined;
}
