/** How far along a long call is; the runtime forwards it to the caller (MCP progress, HTTP events). */
export interface ToolProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

export interface ToolLogger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/**
 * What the runtime hands a handler with every call, after governance has run. Paths that the schema
 * marks with `Path()` arrive resolved (symlinks followed, inside the allowed roots) in `resolvedPaths`,
 * keyed by their JSON pointer in the arguments (`/path`, `/edits/0/path`).
 */
export interface ToolContext {
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly agentId: string | undefined;
  readonly actor: string | undefined;
  readonly workDir: string;
  readonly allowPaths: readonly string[];
  readonly denyPaths: readonly string[];
  readonly resolvedPaths: ReadonlyMap<string, string>;
  readonly signal: AbortSignal;
  progress(update: ToolProgress): void;
  readonly log: ToolLogger;
}
