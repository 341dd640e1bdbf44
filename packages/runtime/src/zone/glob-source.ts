// Glob words to RegExp source that runs in linear time. A run of wildcards followed by a fixed-width part
// is written as an atomic group, `(?=(any*?part))\N`: a lookahead finds the leftmost place where the part
// matches, and the back-reference consumes it. JavaScript never backtracks into a lookahead that has
// matched, so the engine cannot retry every split of the text between wildcards (the cause of
// catastrophic backtracking). Taking the leftmost place is also correct: when the parts between the
// wildcards have a fixed width, the earliest end leaves the most text for the rest.

/** One element of a glob word: a run of `*`, or one character-wide element as RegExp source. */
export type GlobPiece = { readonly star: true } | { readonly star: false; readonly source: string };

/** Numbers the capture groups of one RegExp as it is built, in the order their parentheses open. */
export interface GroupCounter {
  value: number;
}

const SYNTAX = /[\\^$.*+?()[\]{}|/]/;

/** A character as RegExp source (`u` flag), escaped where it has a meaning; `-` is escaped in a class only. */
function literalSource(character: string, inClass = false): string {
  return SYNTAX.test(character) || (inClass && character === '-') ? `\\${character}` : character;
}

/**
 * Splits a path segment pattern into pieces: `*`, `?` (one character), `[...]` (a class, `!` or `^`
 * negates it, never matching `/`), `\x` (x itself) and literal characters. Returns a problem instead
 * when the pattern cannot be read.
 */
export function pathPieces(text: string): GlobPiece[] | string {
  const pieces: GlobPiece[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '*') {
      if (pieces.at(-1)?.star !== true) pieces.push({ star: true });
      index++;
    } else if (character === '?') {
      pieces.push({ star: false, source: '[^/]' });
      index++;
    } else if (character === '[') {
      const parsed = classSource(text, index);
      if (typeof parsed === 'string') return parsed;
      pieces.push({ star: false, source: parsed.source });
      index = parsed.end;
    } else if (character === '\\') {
      const next = text[index + 1];
      if (next === undefined) return 'ends with a lone "\\"; write "\\\\" for a backslash';
      pieces.push({ star: false, source: literalSource(next) });
      index += 2;
    } else {
      pieces.push({ star: false, source: literalSource(character) });
      index++;
    }
  }
  return pieces;
}

/** Pieces of a name where only `*` is special (tool names). */
export function starPieces(text: string): GlobPiece[] {
  const pieces: GlobPiece[] = [];
  for (const character of text) {
    if (character !== '*') pieces.push({ star: false, source: literalSource(character) });
    else if (pieces.at(-1)?.star !== true) pieces.push({ star: true });
  }
  return pieces;
}

/**
 * RegExp source for pieces. `any` is the class one wildcard character may match; `end` is what must follow
 * the last piece (it also closes a trailing fixed part, so the leftmost match found is one that ends right).
 */
export function piecesSource(pieces: readonly GlobPiece[], any: string, end: string, groups: GroupCounter): string {
  let source = '';
  let index = 0;
  // The fixed part before the first wildcard matches where it stands.
  while (index < pieces.length) {
    const piece = pieces[index] as GlobPiece;
    if (piece.star) break;
    source += piece.source;
    index++;
  }
  while (index < pieces.length) {
    // `pieces[index]` is a wildcard; gather the fixed part after it.
    index++;
    let fixed = '';
    while (index < pieces.length) {
      const piece = pieces[index] as GlobPiece;
      if (piece.star) break;
      fixed += piece.source;
      index++;
    }
    if (fixed === '') {
      source += `${any}*`;
      continue;
    }
    const group = ++groups.value;
    const last = index === pieces.length;
    source += `(?=(${any}*?${fixed}${last ? end : ''}))(?:\\${group})`;
  }
  return `${source}${end}`;
}

/** Reads `[...]` starting at `start`; returns its source and the index after `]`, or a problem. */
function classSource(text: string, start: number): { source: string; end: number } | string {
  let index = start + 1;
  const negated = text[index] === '!' || text[index] === '^';
  if (negated) index++;
  let items = '';
  let first = true;
  while (index < text.length) {
    let character = text[index] as string;
    if (character === ']' && !first) {
      const source = negated ? `[^${items}/]` : `(?!/)[${items}]`;
      return { source, end: index + 1 };
    }
    first = false;
    if (character === '\\' && index + 1 < text.length) {
      index++;
      character = text[index] as string;
    }
    const dash = text[index + 1] === '-' && text[index + 2] !== undefined && text[index + 2] !== ']';
    if (dash) {
      let last = text[index + 2] as string;
      let after = index + 3;
      if (last === '\\' && index + 3 < text.length) {
        last = text[index + 3] as string;
        after++;
      }
      if ((last.codePointAt(0) ?? 0) < (character.codePointAt(0) ?? 0)) {
        return `has the range "${character}-${last}", whose end comes before its start`;
      }
      items += `${literalSource(character, true)}-${literalSource(last, true)}`;
      index = after;
    } else {
      items += literalSource(character, true);
      index++;
    }
  }
  return `has a "[" at position ${start + 1} that is never closed with "]"`;
}
