import type { AnyToolDefinition } from '@wesgine/schema';
import type { AnyHandler } from './registered-tool.js';

/**
 * One tool a source offers: its definition and how to run it (MCP `tools/call`, a plugin request, ...).
 * Build the definition with `defineTool`, so its parameters are closed like every other tool's: an object
 * whose schema says nothing about other keys takes none, and one whose schema states
 * `additionalProperties` keeps what it states.
 */
export interface SourcedTool {
  readonly definition: AnyToolDefinition;
  readonly handler: AnyHandler;
}

/**
 * A source of tools beside the engine's and the SDK closures: an MCP server, a plugin, an adapter. The
 * cell asks for its tools when it is added and again whenever it says they changed. Whatever a source
 * claims, its tools walk the same pipeline as every other (an MCP `readOnlyHint` only feeds the category).
 */
export interface ToolSource {
  readonly kind: 'mcp' | 'plugin' | 'adapter';
  /** Unique within a cell, e.g. `mcp:github`, `adapter:email`. */
  readonly id: string;
  /** Who supplies the tools, for the audit record: the MCP server and its version, `package@version`. */
  readonly provenance: string;
  /** `off` when its process runs outside the OS sandbox (asked for by name): every audit event says so. */
  readonly sandbox?: 'off' | undefined;
  tools(): readonly SourcedTool[];
  /** Lets the cell hear that the list changed (MCP `notifications/tools/list_changed`); returns the unsubscribe. */
  onToolsChanged?(listener: () => void): () => void;
  /** Called when the source is removed or the cell stops. */
  close?(): Promise<void>;
}
