import type { CatalogueEntry } from '../../api/types.js';

/**
 * The sources a person picks from, in the order the Source filter lists them. The runtime's `engine` kind
 * covers both the built-ins and any other engine pack; people tell those apart, so the page does too.
 */
export const SOURCE_LABELS = [
  'built-in',
  'pack',
  'SDK',
  'MCP server',
  'plugin',
  'sub-agent',
  'per-run',
  'adapter',
] as const;

export type SourceLabel = (typeof SOURCE_LABELS)[number];

export const CATEGORY_LABELS = ['exploration', 'action'] as const;

/** The package the built-in tools come from: an engine tool from any other pack is a pack's tool. */
const BUILTINS_PACK = '@wesgine/builtins';

/** What the catalogue calls a tool's source. */
export function sourceLabel(source: CatalogueEntry['source']): SourceLabel {
  switch (source.kind) {
    case 'engine':
      return source.pack === undefined || source.pack.name === BUILTINS_PACK ? 'built-in' : 'pack';
    case 'sdk':
      // A pack's tools registered on the cell are still that pack's; a closure is the SDK's.
      return source.pack === undefined ? 'SDK' : 'pack';
    case 'mcp':
      return 'MCP server';
    case 'plugin':
      return 'plugin';
    case 'agent':
      return 'sub-agent';
    case 'run':
      return 'per-run';
    case 'adapter':
      return 'adapter';
  }
}

/** How the category was decided, in the words the tool page shows after the category. */
export function categoryFromLabel(from: CatalogueEntry['categoryFrom']): string {
  switch (from) {
    case 'engine':
      return 'engine map';
    case 'cell':
      return 'cell map';
    case 'meta':
      return "the tool's own meta";
    case 'default':
      return 'the default';
  }
}

export interface CatalogueFilter {
  /** Words to find in the name, the aliases, the description or where the tool came from. */
  readonly text: string;
  /** `''` for every source. */
  readonly source: SourceLabel | '';
  /** `''` for every category. */
  readonly category: (typeof CATEGORY_LABELS)[number] | '';
}

export const NO_FILTER: CatalogueFilter = { text: '', source: '', category: '' };

/**
 * The entries the filter keeps, in the order given. Every word of the text must occur (any case) in the
 * tool's name, an alias, its description or its provenance, so `mcp read` finds an MCP server's read tool.
 */
export function filterCatalogue(entries: readonly CatalogueEntry[], filter: CatalogueFilter): CatalogueEntry[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (filter.source !== '' && sourceLabel(entry.source) !== filter.source) return false;
    if (filter.category !== '' && entry.category !== filter.category) return false;
    if (words.length === 0) return true;
    const haystack = [
      entry.name,
      ...entry.aliases,
      entry.description,
      entry.source.provenance,
      entry.source.id ?? '',
      sourceLabel(entry.source),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** `1 tool`, `14 tools`. */
export function toolCount(count: number): string {
  return `${count} ${count === 1 ? 'tool' : 'tools'}`;
}

/** The entry a tool page names: by its name, else by one of its aliases. */
export function findEntry(entries: readonly CatalogueEntry[], name: string): CatalogueEntry | undefined {
  return entries.find((entry) => entry.name === name) ?? entries.find((entry) => entry.aliases.includes(name));
}
