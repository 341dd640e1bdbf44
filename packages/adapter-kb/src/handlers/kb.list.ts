import type { ToolHandler } from '@wesgine/schema';
import type { KbListArgs } from '../../generated/types.gen.js';
import { kbOf } from '../kb-cells.js';
import { count, folderList, formatSize, formatTime, kbFolderArgument } from '../kb-text.js';
import { isAtOrUnder } from '../kb-walk.js';
import { shownPath } from '../shown-path.js';

/** How many documents one call lists unless told. */
const DEFAULT_LIMIT = 200;
/** How many left-out files are named at most. */
const MAX_SKIPPED = 20;

/**
 * Handles `kb.list`: the indexed documents by path, with kind, size and modified time, narrowed by folder
 * and prefix, a page at a time; then the files left out and why. Only files the calling run may read.
 */
export const kbList: ToolHandler<KbListArgs> = async (args, context) => {
  const kb = await kbOf(context);
  const under = kbFolderArgument(kb, context.resolvedPaths.get('/folder'), args.folder);
  const shown = (path: string) => shownPath(path, kb.spec.workDir);
  const wanted = (path: string) =>
    (args.prefix === undefined || shown(path).startsWith(args.prefix)) && context.mayRead(path);
  const documents = (await kb.store.documents(under)).filter((document) => wanted(document.path));
  const skipped = [...kb.indexer.skipped]
    .filter(([path]) => (under === undefined || isAtOrUnder(path, under)) && wanted(path))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const offset = args.offset ?? 0;
  const page = documents.slice(offset, offset + (args.limit ?? DEFAULT_LIMIT));
  const listed = page.map((document) => ({
    path: shown(document.path),
    kind: document.kind,
    size: document.size,
    modified: formatTime(document.mtimeMs),
    lines: document.lines,
    ...(document.title === undefined ? {} : { title: document.title }),
    indexedAt: document.indexedAt,
  }));
  const left = skipped.map(([path, reason]) => ({ path: shown(path), reason }));
  const data = { total: documents.length, offset, documents: listed, skipped: left };
  const narrowed = [
    args.folder === undefined ? '' : ` under ${args.folder}`,
    args.prefix === undefined ? '' : ` starting with ${JSON.stringify(args.prefix)}`,
  ].join('');
  const lines: string[] = [];
  if (documents.length === 0) {
    lines.push(
      narrowed === ''
        ? `The knowledge base holds no documents: its folders (${folderList(kb)}) have no Markdown, text, HTML or PDF files it may index.`
        : `No document of the knowledge base lies${narrowed}; its folders are ${folderList(kb)}.`,
    );
  } else if (page.length === 0) {
    lines.push(`${count(documents.length, 'document')}${narrowed}; offset ${offset} is past the last of them.`);
  } else {
    const last = offset + page.length;
    const more = last < documents.length ? `; continue with offset ${last}` : '';
    const range = offset === 0 && last === documents.length ? '' : `, ${offset + 1}-${last} shown${more}`;
    lines.push(`${count(documents.length, 'document')}${narrowed}${range} (path, kind, size, modified):`);
    for (const document of listed) {
      lines.push(`${document.path}\t${document.kind}\t${formatSize(document.size)}\t${document.modified}`);
    }
  }
  if (left.length > 0) {
    lines.push(`Left out (${count(left.length, 'file')}):`);
    for (const file of left.slice(0, MAX_SKIPPED)) lines.push(`${file.path}: ${file.reason}`);
    if (left.length > MAX_SKIPPED) lines.push(`… and ${left.length - MAX_SKIPPED} more.`);
  }
  return { text: lines.join('\n'), data };
};
