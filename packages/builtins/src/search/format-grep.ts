// Writes what the model reads from a search outcome: a header that says how much was found and what is
// shown, the entries in a stable order, and a footer that says how to see the rest. One formatter for
// both engines, so the same tree gives the same text.
import type { FileHit, Line, OutputMode, SearchOutcome } from './search-types.js';

export const MAX_LINE_CHARS = 500;

export interface FormatOptions {
  readonly mode: OutputMode;
  readonly lineNumbers: boolean;
  /** Context lines were asked for: groups are separated by `--`, as ripgrep prints them. */
  readonly context: boolean;
  readonly headLimit: number;
  readonly offset: number;
  /** The path the model sees for a hit's path. */
  readonly display: (path: string) => string;
  /** What was searched, e.g. `"TODO" in src (glob *.ts)`. */
  readonly subject: string;
  readonly maxLines: number;
  readonly fileTimeMs: number;
}

export interface Formatted {
  readonly text: string;
  readonly total: number;
  readonly shown: number;
  readonly files: number;
  /** The hits (by path) that have an entry on the page. */
  readonly paths: readonly string[];
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/** A line without its carriage return, cut at MAX_LINE_CHARS with a marker saying how much is left out. */
export function lineText(line: Line): string {
  let text = line.text.endsWith('\r') ? line.text.slice(0, -1) : line.text;
  const full = line.length ?? text.length;
  if (full <= MAX_LINE_CHARS) return text;
  let cut = MAX_LINE_CHARS;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  text = text.slice(0, cut);
  return `${text} [… line cut: ${(full - cut).toLocaleString('en-US')} more characters]`;
}

function byPath(a: FileHit, b: FileHit): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The entries from `from` up to `to` (exclusive), in a stable order, and how many there are in all.
 * Only the shown entries are written out: a search with 100,000 hits pays for counting them, not for
 * formatting them.
 */
function page(
  hits: readonly FileHit[],
  options: FormatOptions,
  from: number,
  to: number,
): { total: number; shown: string[]; paths: string[] } {
  const { mode, display } = options;
  const shown: string[] = [];
  const paths: string[] = [];
  let total = 0;
  const take = (make: () => string, path?: string) => {
    if (total >= from && total < to) {
      shown.push(make());
      if (path !== undefined && paths.at(-1) !== path) paths.push(path);
    }
    total += 1;
  };
  if (mode === 'files_with_matches') {
    const sorted = [...hits].sort((a, b) => b.mtimeMs - a.mtimeMs || byPath(a, b));
    for (const hit of sorted) take(() => display(hit.path), hit.path);
    return { total, shown, paths };
  }
  const sorted = [...hits].sort(byPath);
  if (mode === 'count') {
    for (const hit of sorted) take(() => `${display(hit.path)}:${hit.count}`, hit.path);
    return { total, shown, paths };
  }
  for (const hit of sorted) {
    let path: string | undefined;
    for (const group of hit.groups) {
      if (options.context && total > 0) take(() => '--');
      if (total + group.length <= from || total >= to) {
        // Wholly outside the page: counted, never written.
        total += group.length;
        continue;
      }
      for (const line of group) {
        take(() => {
          path ??= display(hit.path);
          const mark = line.match ? ':' : '-';
          const number = options.lineNumbers ? `${line.n}${mark}` : '';
          return `${path}${mark}${number}${lineText(line)}`;
        }, hit.path);
      }
    }
  }
  return { total, shown, paths };
}

export function formatGrep(outcome: SearchOutcome, options: FormatOptions): Formatted {
  const { mode, headLimit, offset } = options;
  const { total, shown, paths } = page(
    outcome.hits,
    options,
    offset,
    headLimit === 0 ? Number.POSITIVE_INFINITY : offset + headLimit,
  );
  const files = outcome.hits.length;
  const notes = notesOf(outcome, options);
  if (total === 0) {
    const text = `No matches for ${options.subject}. Binary files, files ignored by .gitignore and the .git folder are not searched; check the pattern (ripgrep syntax) or widen the search.`;
    return { text: [text, ...notes].join('\n\n'), total, shown: 0, files, paths: [] };
  }
  const matching = outcome.hits.reduce((sum, hit) => sum + hit.count, 0);
  const found =
    mode === 'files_with_matches'
      ? plural(files, 'file')
      : `${plural(matching, 'matching line')} in ${plural(files, 'file')}`;
  const unit = mode === 'content' ? 'output lines' : 'files';
  if (offset >= total) {
    const text = `Found ${found} for ${options.subject}, but offset ${offset} is past the end: there are ${total} ${unit}; use an offset below ${total}.`;
    return { text: [text, ...notes].join('\n\n'), total, shown: 0, files, paths: [] };
  }
  const end = headLimit === 0 ? total : Math.min(total, offset + headLimit);
  const order = mode === 'files_with_matches' ? ' (newest first)' : '';
  const range = shown.length < total ? `; showing ${unit} ${offset + 1}-${end} of ${total}` : '';
  const parts = [`Found ${found} for ${options.subject}${order}${range}:`, shown.join('\n')];
  if (end < total) {
    parts.push(
      `(${(total - end).toLocaleString('en-US')} more ${unit}: call again with offset: ${end} to see them, or narrow the search with path, glob, type or a more specific pattern.)`,
    );
  }
  return { text: [parts.join('\n'), ...notes].join('\n\n'), total, shown: shown.length, files, paths };
}

function notesOf(outcome: SearchOutcome, options: FormatOptions): string[] {
  const notes: string[] = [];
  const list = (paths: readonly string[]) =>
    paths
      .slice(0, 5)
      .map((path) => options.display(path))
      .join(', ') + (paths.length > 5 ? ', …' : '');
  if (outcome.partial) {
    notes.push(
      `Note: the search stopped after ${options.maxLines.toLocaleString('en-US')} lines of output, so the results above are incomplete. Narrow it with path, glob, type or a more specific pattern.`,
    );
  }
  if (outcome.slow.length > 0) {
    notes.push(
      `Note: skipped ${plural(outcome.slow.length, 'file')} on which the pattern ran longer than ${options.fileTimeMs / 1000} s (${list(outcome.slow)}). Nested repetition such as (a+)+ can take exponential time; simplify the pattern.`,
    );
  }
  if (outcome.large.length > 0) {
    notes.push(`Note: skipped ${plural(outcome.large.length, 'file')} too large to search (${list(outcome.large)}).`);
  }
  return notes;
}
