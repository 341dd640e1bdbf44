import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ToolHandler } from '@wesgine/schema';
import type { NotesSearchArgs, NotesSearchResult } from '../../generated/types.gen.js';

type Hit = NotesSearchResult['hits'][number];

/** Scans every `.md` file under the notes folder, line by line; a note's first line is its title. */
export const notesSearch: ToolHandler<NotesSearchArgs, NotesSearchResult> = async (args, context) => {
  const needle = args.query.toLowerCase();
  const limit = args.limit ?? 10;
  const hits: Hit[] = [];
  for (const file of await markdownFiles(context.workDir)) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, index) => {
      const inScope = args.scope === 'all' || (args.scope === 'title') === (index === 0);
      if (inScope && line.toLowerCase().includes(needle)) {
        hits.push({ note: relative(context.workDir, file).split(sep).join('/'), line: index + 1, text: line.trim() });
      }
    });
  }
  const shown = hits.slice(0, limit);
  const text =
    hits.length === 0
      ? `no note contains '${args.query}'`
      : [
          `${hits.length} matching line${hits.length === 1 ? '' : 's'}${hits.length > limit ? `, showing ${limit}` : ''}:`,
          ...shown.map((hit) => `${hit.note}:${hit.line}: ${hit.text}`),
        ].join('\n');
  return { text, data: { total: hits.length, hits: shown } };
};

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
