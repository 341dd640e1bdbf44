// Small pieces of the sentences an MCP server's source events and errors are made of.
import type { SourcedTool } from '../../registry/tool-source.js';

/** What changed between two lists (`3 tools now (added a; removed b)`), or undefined for the same names. */
export function changes(before: ReadonlySet<string>, after: readonly SourcedTool[]): string | undefined {
  const now = new Set(after.map((tool) => tool.definition.name));
  const added = [...now].filter((name) => !before.has(name));
  const removed = [...before].filter((name) => !now.has(name));
  const parts = [
    ...(added.length === 0 ? [] : [`added ${added.join(', ')}`]),
    ...(removed.length === 0 ? [] : [`removed ${removed.join(', ')}`]),
  ];
  return parts.length === 0 ? undefined : `${count(now.size, 'tool')} now (${parts.join('; ')})`;
}

/** `1 tool`, `3 tools`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `250 ms`, `1.5 s`. */
export function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** What was thrown, as a phrase for a sentence (no closing full stop). */
export function readable(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' && message !== '' ? message : String(error)).replace(/\.$/, '');
}
