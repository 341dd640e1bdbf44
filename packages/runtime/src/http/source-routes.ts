import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { McpServerStatus } from '../mcp/client/mcp-server-status.js';
import type { PluginStatus } from '../plugin/plugin-status.js';
import type { ReadBody } from './json-body.js';

/** The cell's tool sources, as `GET /sources` answers it. */
export interface SourcesView {
  readonly mcp: readonly McpServerStatus[];
  readonly plugins: readonly PluginStatus[];
  /** Tools a source offers that are left out because another tool has the name. */
  readonly conflicts: readonly { readonly tool: string; readonly reason: string }[];
}

/**
 * `GET /sources`, `PUT /sources/mcp/:name` (body: the `McpServerConfig` without `name`; answers the
 * server's status once it is ready or down, or after 15 s while still connecting) and
 * `DELETE /sources/mcp/:name`. Owner only: an actor token gets 403 `forbidden`.
 */
export function addSourceRoutes(_app: Hono, _cell: Cell, _readBody: ReadBody): void {
  // Built by its issue's runtime work: see CONTRACT.
}
