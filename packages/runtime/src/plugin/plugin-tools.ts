import type { AnyToolDefinition } from '@wesgine/schema';
import { remoteToolDefinition } from '../registry/remote-tool.js';

/** A tool of a plugin's `tools/list` answer, as the cell takes it. */
export interface PluginToolEntry {
  readonly definition: AnyToolDefinition;
}

/** What a `tools/list` answer gives: the tools the cell can take, and the ones left out with why. */
export interface PluginToolList {
  readonly tools: readonly PluginToolEntry[];
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
}

/** Most tools one plugin may offer; more is a broken plugin, not a toolbox. */
const MAX_TOOLS = 1000;

/**
 * Reads a plugin's `tools/list` result: `{ tools: [{ name, description, inputSchema, outputSchema?,
 * annotations? }] }` (MCP's shape), each entry taken as `remoteToolDefinition` takes an MCP server's. A
 * tool the cell cannot take, or that repeats a name, is left out with the reason; the answer as a whole
 * is refused (throws) only when it is not that shape at all.
 */
export function readToolList(result: unknown, plugin: string, timeoutMs: number | undefined): PluginToolList {
  const list = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(list)) throw new Error('answered tools/list without a "tools" array');
  if (list.length > MAX_TOOLS) throw new Error(`offered ${list.length} tools in tools/list; the limit is ${MAX_TOOLS}`);
  const tools: PluginToolEntry[] = [];
  const skipped: { tool: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const [index, item] of list.entries()) {
    const name = (item as { name?: unknown } | null)?.name;
    const label = typeof name === 'string' ? name : `#${index}`;
    if (typeof name === 'string' && seen.has(name)) {
      skipped.push({ tool: label, reason: 'the name is offered twice; the first one is kept' });
      continue;
    }
    const built = remoteToolDefinition(item, {
      origin: `the plugin ${plugin}`,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    if (built.ok) {
      tools.push({ definition: built.definition });
      seen.add(name as string);
    } else {
      skipped.push({ tool: label, reason: built.reason });
    }
  }
  return { tools, skipped };
}
