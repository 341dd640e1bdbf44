import { type ToolContext, ToolError, type ToolHandler } from '@wesgine/schema';
import type { KbGetArgs } from '../../generated/types.gen.js';
import { documentText, UnreadableDocument } from '../document-text.js';
import { type KbCellState, kbOf } from '../kb-cells.js';
import type { KbDocument } from '../kb-store.js';
import { count, DOCUMENT_TEXT_LABEL, folderList, formatSize, numberLines } from '../kb-text.js';
import { isAtOrUnder } from '../kb-walk.js';
import { textLines } from '../passages.js';
import { readFoundFile } from '../read-found-file.js';

/** The most lines one call returns. */
const MAX_LINES = 2000;
/** Lines shown from `line` when no passage holds it (a blank line between passages). */
const AROUND_LINES = 20;

/**
 * Handles `kb.get`: a document of the index read fresh from disk and converted as the indexer converts
 * it, so its line numbers are the ones search reports; the whole of it, the passage holding a line, or a
 * window of lines. A file that changed since it was indexed is indexed again.
 */
export const kbGet: ToolHandler<KbGetArgs> = async (args, context) => {
  const kb = await kbOf(context);
  const real = context.resolvedPaths.get('/path');
  if (real === undefined) throw new ToolError('internal', 'the path argument /path was not resolved by governance');
  const document = await kb.store.document(real);
  if (document === undefined) throw notIndexed(kb, real, args.path);
  const lines = await currentLines(kb, document, args.path, context);
  if (lines.length === 0) return { text: `${args.path} is empty.`, data: { ...describe(document), lines: 0 } };
  let first = args.line ?? 1;
  let last: number;
  if (first > lines.length) {
    throw new ToolError(
      'invalid_arguments',
      `line ${first} is past the end of ${args.path}, which has ${count(lines.length, 'line')}.`,
    );
  }
  if (args.lines !== undefined) last = first + args.lines - 1;
  else if (args.line !== undefined) {
    const passage = await kb.store.passageAt(real, first);
    if (passage === undefined) last = first + AROUND_LINES - 1;
    else [first, last] = [passage.start, passage.end];
  } else last = MAX_LINES;
  last = Math.min(last, lines.length, first + MAX_LINES - 1);
  const about = `${args.path}: ${document.kind}, ${formatSize(document.size)}, ${count(lines.length, 'line')}`;
  const range = first === 1 && last === lines.length ? '' : `; lines ${first}-${last}`;
  const more = last < lines.length ? `; continue with line ${last + 1}` : '';
  return {
    text: `${about}${range}${more}. ${DOCUMENT_TEXT_LABEL}\n${numberLines(lines.slice(first - 1, last), first)}`,
    data: { ...describe(document), lines: lines.length, first, last },
  };
};

function describe(document: KbDocument) {
  return {
    kind: document.kind,
    size: document.size,
    ...(document.title === undefined ? {} : { title: document.title }),
  };
}

/** The document's lines as they are now on disk; a change since indexing is handed to the indexer. */
async function currentLines(kb: KbCellState, document: KbDocument, shown: string, context: ToolContext) {
  let bytes: Buffer;
  let mtimeMs: number;
  try {
    const file = readFoundFile(document.path, kb.spec.maxFileBytes);
    bytes = file.bytes;
    mtimeMs = file.stat.mtimeMs;
  } catch (error) {
    void kb.indexer.update([document.path]);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new ToolError('file_not_found', `${shown} was removed after it was indexed; search again with kb.search.`);
    }
    const reason = error instanceof UnreadableDocument ? error.message : (error as Error).message;
    throw new ToolError('unavailable', `${shown} cannot be read now: ${reason}.`);
  }
  if (bytes.length !== document.size || mtimeMs !== document.mtimeMs) void kb.indexer.update([document.path]);
  if (context.signal.aborted) throw new ToolError('aborted', 'the call was cancelled.');
  try {
    return textLines((await documentText(document.kind, bytes)).text);
  } catch (error) {
    throw new ToolError('unavailable', `${shown} cannot be read now: ${(error as Error).message}.`);
  }
}

/** Why a path the call named is not in the index: outside its folders, left out with a reason, or not a kind it reads. */
function notIndexed(kb: KbCellState, real: string, shown: string): ToolError {
  if (!kb.spec.folders.some((folder) => isAtOrUnder(real, folder.real))) {
    return new ToolError(
      'not_found',
      `${shown} is not in the knowledge base, whose folders are ${folderList(kb)}; read other files with read.`,
    );
  }
  const skipped = kb.indexer.skipped.get(real);
  if (skipped !== undefined)
    return new ToolError('not_found', `${shown} is left out of the knowledge base: ${skipped}.`);
  return new ToolError(
    'not_found',
    `${shown} is not indexed: the knowledge base holds Markdown, text, HTML and PDF files its include and exclude globs let in; see what it holds with kb.list.`,
  );
}
