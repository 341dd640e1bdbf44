import { piecesSource, starPieces } from './glob-source.js';

/** Which tools a rule governs: exact names, and names with `*` (any characters, `/` and `:` included). */
export interface ToolPatterns {
  readonly names: ReadonlySet<string>;
  readonly globs: readonly RegExp[];
  /** The patterns as the policy wrote them, in its order. */
  readonly written: readonly string[];
}

export function compileToolPatterns(entries: readonly string[]): ToolPatterns {
  const names = new Set<string>();
  const globs: RegExp[] = [];
  for (const entry of entries) {
    if (!entry.includes('*')) names.add(entry);
    else globs.push(new RegExp(`^${piecesSource(starPieces(entry), '[^]', '$', { value: 0 })}`, 'u'));
  }
  return { names, globs, written: Object.freeze([...entries]) };
}

export function matchesTool(patterns: ToolPatterns, tool: string): boolean {
  if (patterns.names.has(tool)) return true;
  for (const glob of patterns.globs) if (glob.test(tool)) return true;
  return false;
}

/**
 * Whether the patterns name `tool` rather than only match it: its name written out, or its source's
 * prefix and one final `*` (`email.*`, `mcp:github/*`). A bare `*` or any other glob only matches; an
 * askFirst tool needs a rule that names it to go without asking.
 */
export function namesTool(patterns: ToolPatterns, tool: string): boolean {
  if (patterns.names.has(tool)) return true;
  for (const written of patterns.written) {
    const prefix = written.slice(0, -1);
    if (
      written.endsWith('*') &&
      prefix.length > 1 &&
      !prefix.includes('*') &&
      (prefix.endsWith('.') || prefix.endsWith('/')) &&
      tool.startsWith(prefix)
    ) {
      return true;
    }
  }
  return false;
}
