// One backslash escape of a Rust regex, read from a cursor and turned into JavaScript (`v` flag).
import {
  backreferenceError,
  NOT_WORD_BOUNDARY,
  PERL_CLASSES,
  patternError,
  unicodeProperty,
  WORD_BOUNDARY,
} from './regex-text.js';

export interface Cursor {
  readonly pattern: string;
  pos: number;
}

export type Escape =
  | { readonly kind: 'char'; readonly cp: number }
  /** A class operand: `\p{..}` or a bracketed class, valid inside and outside a `v` class. */
  | { readonly kind: 'class'; readonly js: string }
  | { readonly kind: 'assert'; readonly js: string };

const SIMPLE: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, f: 12, v: 11, a: 7 };
/** Characters Rust lets a backslash make literal. */
const META = new Set('\\.+*?()|[]{}^$#&-~');
/** Punctuation ripgrep would refuse after a backslash, but which models escape out of habit: taken literally. */
export const LENIENT = new Set('/:"\'@%!,;=_`');

/** Reads the escape at `cursor.pos` (the backslash); leaves the cursor after it. */
export function readEscape(cursor: Cursor, inClass: boolean, verbose: boolean): Escape {
  const start = cursor.pos;
  const char = cursor.pattern[start + 1];
  cursor.pos = start + 2;
  if (char === undefined) throw patternError('the pattern ends with a lone backslash', start);
  if (char >= '1' && char <= '9') throw backreferenceError();
  if (char === 'k' && cursor.pattern[cursor.pos] === '<') throw backreferenceError();
  if (char === '0') throw patternError('\\0 is not supported; write \\x00 for a NUL byte', start);
  const simple = SIMPLE[char];
  if (simple !== undefined) return { kind: 'char', cp: simple };
  const perl = PERL_CLASSES[char];
  if (perl !== undefined) return { kind: 'class', js: perl };
  if (char === 'p' || char === 'P') return property(cursor, char === 'P', start);
  if (char === 'x') return { kind: 'char', cp: hexDigits(cursor, 2, start) };
  if (char === 'u') return { kind: 'char', cp: hexDigits(cursor, 4, start) };
  if (char === 'U') return { kind: 'char', cp: hexDigits(cursor, 8, start) };
  if (char === 'b' || char === 'B' || char === 'A' || char === 'z') {
    if (inClass) throw patternError(`\\${char} is an assertion and cannot appear inside [...]`, start);
    if (char === 'b' && cursor.pattern[cursor.pos] === '{') {
      throw patternError('\\b{...} word-boundary forms are not supported; use \\b', start);
    }
    const js = { b: WORD_BOUNDARY, B: NOT_WORD_BOUNDARY, A: '(?<![\\s\\S])', z: '(?![\\s\\S])' }[char];
    return { kind: 'assert', js };
  }
  if (char === '<' || char === '>') {
    throw patternError(`\\${char} is not a word boundary in ripgrep's syntax; use \\b`, start);
  }
  if (META.has(char) || LENIENT.has(char) || (char === ' ' && verbose)) {
    return { kind: 'char', cp: char.codePointAt(0) ?? 0 };
  }
  throw patternError(`unknown escape \\${char}`, start);
}

function property(cursor: Cursor, negated: boolean, start: number): Escape {
  const { pattern } = cursor;
  let name: string;
  if (pattern[cursor.pos] === '{') {
    const close = pattern.indexOf('}', cursor.pos);
    if (close === -1) throw patternError('a Unicode class \\p{ is not closed with }', start);
    name = pattern.slice(cursor.pos + 1, close);
    cursor.pos = close + 1;
  } else {
    const letter = pattern[cursor.pos];
    if (letter === undefined || !/[A-Za-z]/.test(letter)) throw patternError('\\p needs a class name', start);
    name = letter;
    cursor.pos += 1;
  }
  const resolved = unicodeProperty(name, start);
  const flip = name.includes('!=') ? !negated : negated;
  return { kind: 'class', js: `\\${flip ? 'P' : 'p'}{${resolved}}` };
}

function hexDigits(cursor: Cursor, count: number, start: number): number {
  const { pattern } = cursor;
  let digits: string;
  if (pattern[cursor.pos] === '{') {
    const close = pattern.indexOf('}', cursor.pos);
    if (close === -1) throw patternError('a \\x{...} escape is not closed', start);
    digits = pattern.slice(cursor.pos + 1, close);
    cursor.pos = close + 1;
  } else {
    digits = pattern.slice(cursor.pos, cursor.pos + count);
    cursor.pos += count;
  }
  const value = /^[0-9A-Fa-f]{1,8}$/.test(digits) ? Number.parseInt(digits, 16) : Number.NaN;
  if (!(value <= 0x10ffff) || (value >= 0xd800 && value <= 0xdfff)) {
    throw patternError(`invalid hexadecimal escape ${pattern.slice(start, cursor.pos)}`, start);
  }
  return value;
}
