import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../api/types.js';
import {
  categoryFromLabel,
  filterCatalogue,
  findEntry,
  NO_FILTER,
  sourceLabel,
  toolCount,
} from './catalogue-filters.js';

function entry(
  name: string,
  source: CatalogueEntry['source'],
  category: CatalogueEntry['category'] = 'exploration',
  description = `The ${name} tool.`,
  aliases: string[] = [],
): CatalogueEntry {
  return { name, aliases, source, category, description } as unknown as CatalogueEntry;
}

const builtins = { name: '@wesgine/builtins', version: '0.1.0' };
const read = entry(
  'read',
  { kind: 'engine', provenance: '@wesgine/builtins@0.1.0', pack: builtins },
  'exploration',
  'Read a text file.',
  ['view_file'],
);
const exec = entry(
  'exec',
  { kind: 'engine', provenance: '@wesgine/builtins@0.1.0', pack: builtins },
  'action',
  'Run a bash command.',
);
const note = entry('notes.read', {
  kind: 'engine',
  provenance: '@wesgine/example-pack@0.1.0',
  pack: { name: '@wesgine/example-pack', version: '0.1.0' },
});
const count = entry('slow_count', { kind: 'sdk', provenance: 'cell 1' }, 'exploration', 'Count slowly.');
const fsRead = entry('read_text_file', { kind: 'mcp', id: 'mcp:fs', provenance: 'mcp:fs' }, 'action', 'Read a file.');
const all = [exec, note, read, fsRead, count];

describe('sourceLabel', () => {
  it('tells the built-ins from another engine pack, and a closure from a pack tool on the cell', () => {
    expect(sourceLabel(read.source)).toBe('built-in');
    expect(sourceLabel(note.source)).toBe('pack');
    expect(sourceLabel(count.source)).toBe('SDK');
    expect(sourceLabel({ kind: 'sdk', provenance: 'p@1', pack: { name: 'p', version: '1' } })).toBe('pack');
    expect(sourceLabel(fsRead.source)).toBe('MCP server');
    expect(sourceLabel({ kind: 'agent', provenance: 'looping_agent' })).toBe('sub-agent');
    expect(sourceLabel({ kind: 'run', provenance: 'run' })).toBe('per-run');
    expect(sourceLabel({ kind: 'plugin', provenance: 'plugin:demo' })).toBe('plugin');
    expect(sourceLabel({ kind: 'adapter', provenance: 'adapter:x' })).toBe('adapter');
  });
});

describe('filterCatalogue', () => {
  it('keeps everything, in order, with no filter', () => {
    expect(filterCatalogue(all, NO_FILTER).map((tool) => tool.name)).toEqual([
      'exec',
      'notes.read',
      'read',
      'read_text_file',
      'slow_count',
    ]);
  });

  it('needs every word, in any case, in the name, aliases, description or provenance', () => {
    const names = (text: string) => filterCatalogue(all, { ...NO_FILTER, text }).map((tool) => tool.name);
    expect(names('READ')).toEqual(['notes.read', 'read', 'read_text_file']);
    expect(names('read mcp')).toEqual(['read_text_file']);
    expect(names('view_file')).toEqual(['read']);
    expect(names('example-pack')).toEqual(['notes.read']);
    expect(names('  bash  ')).toEqual(['exec']);
    expect(names('nothing like it')).toEqual([]);
  });

  it('narrows by source label and by category, together with the words', () => {
    expect(filterCatalogue(all, { ...NO_FILTER, source: 'built-in' }).map((tool) => tool.name)).toEqual([
      'exec',
      'read',
    ]);
    expect(filterCatalogue(all, { ...NO_FILTER, category: 'action' }).map((tool) => tool.name)).toEqual([
      'exec',
      'read_text_file',
    ]);
    expect(filterCatalogue(all, { text: 'read', source: 'MCP server', category: 'exploration' })).toEqual([]);
  });
});

describe('the words around it', () => {
  it('counts tools in the singular and the plural', () => {
    expect([toolCount(0), toolCount(1), toolCount(14)]).toEqual(['0 tools', '1 tool', '14 tools']);
  });

  it('says how the category was decided', () => {
    expect(categoryFromLabel('engine')).toBe('engine map');
    expect(categoryFromLabel('cell')).toBe('cell map');
    expect(categoryFromLabel('meta')).toBe("the tool's own meta");
    expect(categoryFromLabel('default')).toBe('the default');
  });

  it('finds a tool by its name first, then by an alias', () => {
    expect(findEntry(all, 'read')).toBe(read);
    expect(findEntry(all, 'view_file')).toBe(read);
    expect(findEntry(all, 'ghost')).toBeUndefined();
  });
});
