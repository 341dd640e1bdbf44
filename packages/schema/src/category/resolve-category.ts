import type { ToolCategory, ToolMeta } from '../tool/tool-meta.js';

export type CategoryMap = Readonly<Record<string, ToolCategory>>;

export interface CategorySources {
  /** Level 1: the engine's built-in map, generated from the Tier E pack. */
  readonly engine?: CategoryMap;
  /** Level 2: `CellSpec.extraCategories`, declared by the consumer. */
  readonly cell?: CategoryMap;
  /** Level 3: what the tool says of itself (`meta.category`, else `meta.readOnly`; MCP's `readOnlyHint`). */
  readonly meta?: ToolMeta;
}

/** Which level decided, for the audit record. */
export type CategoryLevel = 'engine' | 'cell' | 'meta' | 'default';

export interface ResolvedCategory {
  readonly category: ToolCategory;
  readonly level: CategoryLevel;
}

/**
 * The 4-level fallback, first match wins: engine map, cell map, the tool's own meta, then `action`.
 * Pure: no registry, no I/O.
 */
export function resolveCategory(name: string, sources: CategorySources = {}): ResolvedCategory {
  const fromEngine = own(sources.engine, name);
  if (fromEngine !== undefined) return { category: fromEngine, level: 'engine' };
  const fromCell = own(sources.cell, name);
  if (fromCell !== undefined) return { category: fromCell, level: 'cell' };
  const meta = sources.meta;
  if (meta?.category !== undefined) return { category: meta.category, level: 'meta' };
  if (meta?.readOnly === true) return { category: 'exploration', level: 'meta' };
  return { category: 'action', level: 'default' };
}

/** The category a tool declares on its own (levels 3 and 4), as written into a pack's category map. */
export function declaredCategory(meta: ToolMeta | undefined): ToolCategory {
  return resolveCategory('', meta === undefined ? {} : { meta }).category;
}

function own(map: CategoryMap | undefined, name: string): ToolCategory | undefined {
  return map !== undefined && Object.hasOwn(map, name) ? map[name] : undefined;
}
