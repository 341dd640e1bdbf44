import type { RegisteredTool } from '../registry/registered-tool.js';

const kept = new WeakMap<RegisteredTool, readonly string[] | undefined>();

/**
 * The names a Zone rule may govern a tool by besides its own: its aliases (`search_files` for `grep`)
 * or, for a source's tool, the source (`mcp:fs`) and the tool within it (`mcp:fs/read_file`), so that
 * `tools: [mcp:fs]` or `tools: ['mcp:*']` covers every tool of a server. Worked out once per tool.
 */
export function zoneNames(tool: RegisteredTool): readonly string[] | undefined {
  if (kept.has(tool)) return kept.get(tool);
  const { aliases } = tool.definition.meta;
  const { name } = tool.definition;
  // A source's tool is called by its name only, so its own aliases name nothing: from a server or a
  // plugin they could claim a name that a Zone rule trusts (`note`, another server's tool).
  const names = tool.sourceId === undefined ? aliases : Object.freeze([tool.sourceId, `${tool.sourceId}/${name}`]);
  kept.set(tool, names);
  return names;
}
