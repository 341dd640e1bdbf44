// Line endings, kept per line: a change rewrites the endings of the lines it changes and of no other.
//
// A line ends with LF, CRLF, or a lone CR. A lone CR (one not followed by LF) is a line break in a file
// where lone CRs outnumber LFs (the old Mac convention, or a log of progress lines); elsewhere it is a
// character of its line (a stray CR in a LF or CRLF file), so an edit of such a file never splits a line
// the model was shown whole. A new line takes the ending of the line the change starts on (or of the one
// before it), and a file with no line break at all takes LF.

export type Eol = '\n' | '\r\n' | '\r';

/** A text as lines, each with its own ending (`''` for a last line without one). */
export interface Lines {
  readonly lines: readonly string[];
  readonly ends: readonly ('' | Eol)[];
  /** Whether a lone CR is a line break in this text. */
  readonly loneCr: boolean;
  /** The most common ending (the first seen on a tie); LF when there is none. */
  readonly dominant: Eol;
}

/** `text` split into lines with their own endings; a final line break does not start another line. */
export function splitEndings(text: string): Lines {
  const loneCr = countLoneCr(text) > count(text, '\n');
  const lines: string[] = [];
  const ends: ('' | Eol)[] = [];
  let start = 0;
  // The next LF and (where a lone CR breaks lines) the next CR at or after `start`, found once each.
  let lf = text.indexOf('\n');
  let cr = loneCr ? text.indexOf('\r') : -1;
  while (start < text.length) {
    if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    let cut: number;
    let end: Eol;
    if (cr !== -1 && (lf === -1 || cr < lf - 1)) {
      cut = cr;
      end = '\r';
    } else if (lf !== -1) {
      const crlf = lf > start && text.charCodeAt(lf - 1) === 13;
      cut = crlf ? lf - 1 : lf;
      end = crlf ? '\r\n' : '\n';
    } else break;
    lines.push(text.slice(start, cut));
    ends.push(end);
    start = cut + end.length;
  }
  if (start < text.length) {
    lines.push(text.slice(start));
    ends.push('');
  }
  return { lines, ends, loneCr, dominant: dominantOf(ends) };
}

/** The lines of a text, without their endings. */
export function splitLines(text: string): string[] {
  return splitEndings(text).lines as string[];
}

/** Lines and their endings back into text. */
export function joinEndings(lines: readonly string[], ends: readonly string[]): string {
  let text = '';
  for (let index = 0; index < lines.length; index += 1) text += (lines[index] as string) + (ends[index] ?? '');
  return text;
}

/**
 * Text the model wrote, with its line breaks as LF, for matching against a file's `normalised` text:
 * CRLF always, a lone CR only where it is a line break for the file.
 */
export function toLf(text: string, loneCr = false): string {
  const lf = text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
  return loneCr && lf.includes('\r') ? lf.replaceAll('\r', '\n') : lf;
}

/** The file's text with every line break as LF; the i-th LF stands for `breaks(lines)[i]`. */
export function normalised(lines: Lines): string {
  let text = '';
  for (let index = 0; index < lines.lines.length; index += 1) {
    text += lines.lines[index] as string;
    if (lines.ends[index] !== '') text += '\n';
  }
  return text;
}

/** The endings of the LFs of `normalised(lines)`, in order. */
export function breaks(lines: Lines): Eol[] {
  return lines.ends.filter((end): end is Eol => end !== '');
}

/** `text` (breaks as LF) with its i-th LF written as `ends[i]`, and as `fallback` past them. */
export function renderBreaks(text: string, ends: readonly string[], fallback: Eol): string {
  if (ends.every((end) => end === '\n') && fallback === '\n') return text;
  let out = '';
  let from = 0;
  let index = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
    out += text.slice(from, at) + (ends[index] ?? fallback);
    index += 1;
    from = at + 1;
  }
  return out + text.slice(from);
}

/** How many times `char` occurs in `text`. */
export function count(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) n += 1;
  return n;
}

function countLoneCr(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== 10) n += 1;
  }
  return n;
}

function dominantOf(ends: readonly string[]): Eol {
  const tally = new Map<Eol, number>();
  for (const end of ends) if (end !== '') tally.set(end as Eol, (tally.get(end as Eol) ?? 0) + 1);
  let best: Eol = '\n';
  let most = 0;
  for (const [end, n] of tally) {
    if (n > most) {
      best = end;
      most = n;
    }
  }
  return best;
}
