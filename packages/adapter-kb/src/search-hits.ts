import { type KbKind, type KbPassageHit, MATCH_END, MATCH_START } from './kb-store.js';
import { MAX_LINE_CHARS } from './kb-text.js';

/** Opens a matched word in the text the model reads. */
export const SHOWN_START = '«';
/** Closes a matched word. */
export const SHOWN_END = '»';
/** The widest part of a long line shown around its first match. */
const LINE_WINDOW = 400;

/** Where a matched word is: its line, and its start and end (UTF-16 offsets) within the line's text. */
export interface Highlight {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** A passage found, with its document's path, kind and bm25 score. */
export interface FoundPassage extends KbPassageHit {
  readonly path: string;
  readonly kind: KbKind;
  readonly score: number;
}

/** One passage found, as `data` carries it. */
export interface SearchHit {
  readonly path: string;
  readonly kind: KbKind;
  readonly start: number;
  readonly end: number;
  readonly heading?: string;
  readonly text: string;
  readonly highlights: readonly Highlight[];
  /** bm25's score of its document: lower is a better match. */
  readonly score: number;
}

/** A stored hit as `data` carries it, with the highlight marks read out of its text into offsets. */
export function toSearchHit(hit: FoundPassage, path: string): SearchHit {
  const highlights: Highlight[] = [];
  let line = hit.passage.start;
  let column = 0;
  let open = -1;
  for (const char of hit.marked) {
    if (char === MATCH_START) open = column;
    else if (char === MATCH_END) {
      if (open !== -1) highlights.push({ line, start: open, end: column });
      open = -1;
    } else if (char === '\n') {
      line++;
      column = 0;
    } else column += char.length;
  }
  return {
    path,
    kind: hit.kind,
    start: hit.passage.start,
    end: hit.passage.end,
    ...(hit.passage.heading === undefined ? {} : { heading: hit.passage.heading }),
    text: hit.passage.text,
    highlights,
    score: Math.round(hit.score * 1000) / 1000,
  };
}

/** A hit as the model reads it: `path:start-end` (and its heading), then its lines numbered, matches in «». */
export function formatHit(hit: FoundPassage, path: string): string {
  const { start, end, heading } = hit.passage;
  const lines = hit.marked.split('\n').map((line, index) => {
    const shown = clip(line).replaceAll(MATCH_START, SHOWN_START).replaceAll(MATCH_END, SHOWN_END);
    return `${String(start + index).padStart(6)}\t${shown}`;
  });
  const where = start === end ? `${path}:${start}` : `${path}:${start}-${end}`;
  return [`${where}${heading === undefined ? '' : ` (${heading})`}`, ...lines].join('\n');
}

/** A long line cut to a window around its first match (or its start), with `…` where it was cut. */
function clip(line: string): string {
  if (line.length <= MAX_LINE_CHARS && line.length <= LINE_WINDOW * 2) return line;
  const mark = Math.max(0, line.indexOf(MATCH_START));
  const from = Math.max(0, mark - LINE_WINDOW / 4);
  let to = Math.min(line.length, from + LINE_WINDOW);
  // Never cut between a mark and its close: the rest of the window would read as matched.
  const open = line.lastIndexOf(MATCH_START, to - 1);
  if (open > line.lastIndexOf(MATCH_END, to - 1))
    to = Math.min(line.length, line.indexOf(MATCH_END, open) + 1 || line.length);
  return `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
}
