/** Folders that only codegen writes: a file in them that codegen did not generate this time is stale. */
export const MANAGED_PATHS = ['generated'] as const;

/** How every file `wesgine-tools import mcp` writes is named: `<server>.mcp.gen.ts`. */
export const IMPORT_SUFFIX = '.mcp.gen.ts';

/**
 * Whether a path is a file `import mcp` wrote. `gen` never counts one as stale (it may sit in
 * `generated/`), and only `check`'s MCP part looks at it, against its server.
 */
export function isImportFile(path: string): boolean {
  return path.endsWith(IMPORT_SUFFIX);
}
