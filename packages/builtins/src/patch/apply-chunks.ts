import { ToolError } from '@wesgine/schema';
import { type Eol, joinEndings, splitEndings } from '../fs/line-endings.js';
import { quoteLine } from './parse-patch.js';
import type { ChunkLine, PatchChunk } from './patch-model.js';
import { FileLines, type LineMatch } from './seek-lines.js';

/** Lines of a not-found chunk shown back to the model; the rest are counted. */
const SHOWN_LINES = 20;

/** A line of the result with its ending (`''` for a last line without one). */
interface EndedLine {
  readonly text: string;
  readonly end: '' | Eol;
}

/** `remove` lines from `start` replaced by `insert`. */
interface Replacement {
  readonly start: number;
  readonly remove: number;
  readonly insert: readonly EndedLine[];
}

/**
 * The text of `original` once every chunk is applied, in order: each chunk's `@@` lines, then its
 * unchanged and removed lines, are found after where the previous chunk matched, exactly or more
 * loosely (see `FileLines.seek`). Unchanged lines keep the file's own text; added lines found by a pass
 * that ignores leading spaces take the file's indentation in place of the patch's. A chunk that only
 * adds lines goes at the end of the file (as Codex does). Every line keeps its own ending (LF, CRLF or,
 * where the file breaks lines so, a lone CR: see line-endings.ts); an added line takes the ending of the
 * file line before it in its chunk (see `newLines`); a missing final line break stays missing
 * unless a chunk changes the last line.
 */
export function applyChunks(original: string, chunks: readonly PatchChunk[], shown: string): string {
  const split = splitEndings(original);
  const { lines, ends } = split;
  /** The ending of line `index` when it has one, else of the line before, else the file's dominant one. */
  const endNear = (index: number): Eol => (ends[index] || ends[index - 1] || split.dominant) as Eol;
  const file = new FileLines(lines);
  const replacements: Replacement[] = [];
  let cursor = 0;
  for (const chunk of chunks) {
    for (const context of chunk.contexts) {
      const found = file.seek([context], cursor, false);
      if (found === undefined) throw notFound(shown, chunk, [context], cursor, 'context');
      cursor = found.index + 1;
    }
    let body = chunk.lines;
    if (body.every((line) => line.kind === '+')) {
      const start = lines.at(-1) === '' ? lines.length - 1 : lines.length;
      const end = endNear(start - 1);
      replacements.push({ start, remove: 0, insert: body.map((line) => ({ text: line.text, end })) });
      continue;
    }
    let found = file.seek(oldLines(body), cursor, chunk.endOfFile);
    if (found === undefined) {
      const trimmed = withoutTrailingBlank(body);
      if (trimmed.some((line) => line.kind !== '+')) {
        found = file.seek(oldLines(trimmed), cursor, chunk.endOfFile);
        if (found !== undefined) body = trimmed;
      }
    }
    if (found === undefined) throw notFound(shown, chunk, oldLines(chunk.lines), cursor, 'lines');
    const remove = oldLines(body).length;
    replacements.push({ start: found.index, remove, insert: newLines(body, split, found, endNear(found.index)) });
    cursor = found.index + remove;
  }
  // Additions at the end go before a change of the same place; otherwise the chunks' own order.
  replacements.sort((a, b) => a.start - b.start || Number(a.remove > 0) - Number(b.remove > 0));
  // Copied line by line: spreading a slice of a long file into push() overflows the stack.
  const texts: string[] = [];
  const endings: ('' | Eol)[] = [];
  const keep = (index: number) => {
    texts.push(lines[index] as string);
    endings.push(ends[index] as '' | Eol);
  };
  let next = 0;
  for (const { start, remove, insert } of replacements) {
    for (let index = next; index < start; index += 1) keep(index);
    for (const line of insert) {
      texts.push(line.text);
      endings.push(line.end);
    }
    next = start + remove;
  }
  for (let index = next; index < lines.length; index += 1) keep(index);
  if (texts.length === 0) return '';
  const touchesEnd = replacements.some(({ start, remove }) => start + remove >= lines.length);
  const finalNewline = (ends.at(-1) ?? '') !== '' || touchesEnd;
  // A line that no longer ends the file needs an ending; the last one has one exactly when it should.
  for (let index = 0; index < endings.length; index += 1) {
    const last = index === endings.length - 1;
    if (last && !finalNewline) endings[index] = '';
    else if (endings[index] === '') endings[index] = (endings[index - 1] || split.dominant) as Eol;
  }
  return joinEndings(texts, endings);
}

/**
 * The chunk without the blank lines that close it: they often stand for the end of the file, which has
 * no line of its own, or separate it from the next chunk. Failing those, without its last unchanged or
 * removed line when that one is empty (as Codex retries).
 */
function withoutTrailingBlank(body: readonly ChunkLine[]): readonly ChunkLine[] {
  let end = body.length;
  while (end > 0 && body[end - 1]?.kind === ' ' && body[end - 1]?.text.trim() === '') end -= 1;
  if (end < body.length) return body.slice(0, end);
  const lastOld = body.findLastIndex((line) => line.kind !== '+');
  return body[lastOld]?.text === '' ? body.filter((_, index) => index !== lastOld) : body;
}

function oldLines(body: readonly ChunkLine[]): string[] {
  return body.filter((line) => line.kind !== '+').map((line) => line.text);
}

/**
 * The chunk's new lines at `found`: unchanged lines as the file has them, with their own endings; added
 * ones re-indented, each ending as the unchanged or removed line before it in the chunk did (a line
 * replacing another takes its ending), and as `end` (the first matched line's) before any.
 */
function newLines(
  body: readonly ChunkLine[],
  file: { readonly lines: readonly string[]; readonly ends: readonly ('' | Eol)[] },
  found: LineMatch,
  end: Eol,
): EndedLine[] {
  const { lines, ends } = file;
  const indent = found.pass === 'trim' || found.pass === 'fold' ? indentShift(body, lines, found.index) : undefined;
  const result: EndedLine[] = [];
  let at = found.index;
  let near = end;
  for (const line of body) {
    if (line.kind === '+') {
      const shift = indent !== undefined && line.text.trim() !== '' && line.text.startsWith(indent.patch);
      result.push({ text: shift ? indent.file + line.text.slice(indent.patch.length) : line.text, end: near });
      continue;
    }
    near = (ends[at] || near) as Eol;
    if (line.kind === ' ') result.push({ text: lines[at] as string, end: ends[at] as '' | Eol });
    at += 1;
  }
  return result;
}

/** The leading spaces of the first non-blank matched line, in the patch and in the file, when they differ. */
function indentShift(
  body: readonly ChunkLine[],
  lines: readonly string[],
  start: number,
): { readonly patch: string; readonly file: string } | undefined {
  let at = start;
  for (const line of body) {
    if (line.kind === '+') continue;
    const fileLine = lines[at] as string;
    at += 1;
    if (line.text.trim() === '' || fileLine.trim() === '') continue;
    const patch = leadingSpace(line.text);
    const file = leadingSpace(fileLine);
    return patch === file ? undefined : { patch, file };
  }
  return undefined;
}

function leadingSpace(text: string): string {
  return text.slice(0, text.length - text.trimStart().length);
}

function notFound(
  shown: string,
  chunk: PatchChunk,
  wanted: readonly string[],
  cursor: number,
  what: 'context' | 'lines',
): ToolError {
  const where =
    chunk.endOfFile && what === 'lines'
      ? `at the end of ${shown} (the chunk ends with *** End of File)`
      : cursor > 0
        ? `in ${shown} after its line ${cursor} (where the chunk before matched)`
        : `in ${shown}`;
  const found = what === 'context' ? `the @@ line ${quoteLine(wanted[0] ?? '')}` : 'these lines';
  const listed =
    what === 'context'
      ? ''
      : `:\n${wanted.slice(0, SHOWN_LINES).join('\n')}${wanted.length > SHOWN_LINES ? `\n… and ${wanted.length - SHOWN_LINES} more lines` : ''}`;
  return new ToolError(
    'patch_no_match',
    `The chunk at line ${chunk.line} of the patch does not apply: could not find ${found} ${where}${listed}\nNothing was changed. Read ${shown} again and copy its lines exactly into the ' ' and '-' lines; the chunks of one file must follow the file's order.`,
  );
}
