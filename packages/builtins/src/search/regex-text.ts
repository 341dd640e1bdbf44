// Small pieces shared by the Rust-to-JavaScript regex translation: errors, literal escaping, the Perl
// classes and Unicode property names, all written for JavaScript's `v` flag.
import { ToolError } from '@wesgine/schema';

/** Syntax characters that need a backslash outside a class to stand for themselves. */
const OUTSIDE = new Set('^$\\.*+?()[]{}|/');
/** Characters that need a backslash inside a `v`-flag class (syntax and reserved punctuators). */
const INSIDE = new Set('^$\\.*+?()[]{}|/&-!#%,:;<=>@`~');

export function patternError(detail: string, position?: number): ToolError {
  const where = position === undefined ? '' : ` (at character ${position + 1})`;
  return new ToolError(
    'invalid_arguments',
    `The pattern is not a valid regular expression in ripgrep's syntax: ${detail}${where}. To match one of ( ) [ ] { } . * + ? | ^ $ \\ literally, put a backslash before it.`,
  );
}

export function lookAroundError(): ToolError {
  return new ToolError(
    'invalid_arguments',
    "The pattern uses look-around ((?=, (?!, (?<= or (?<!), which ripgrep's regex engine does not support. Match the surrounding text as part of the pattern instead, or search more broadly and pick the lines from the result.",
  );
}

export function backreferenceError(): ToolError {
  return new ToolError(
    'invalid_arguments',
    "The pattern uses a backreference (\\1 or \\k<name>), which ripgrep's regex engine does not support. Write the repeated text out in the pattern instead.",
  );
}

export function newlineError(): ToolError {
  return new ToolError(
    'invalid_arguments',
    'The pattern contains a line break (\\n), but without multiline each line is searched on its own, so it could never match. Set multiline: true to match across lines.',
  );
}

function hex(cp: number): string {
  return cp <= 0xff ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u{${cp.toString(16)}}`;
}

function escapeWith(cp: number, set: ReadonlySet<string>): string {
  const char = String.fromCodePoint(cp);
  if (cp === 0x0a) return '\\n';
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x2028 && cp <= 0x2029)) return hex(cp);
  return set.has(char) ? `\\${char}` : char;
}

/** A code point as a literal outside a class. */
export function outsideLiteral(cp: number): string {
  return escapeWith(cp, OUTSIDE);
}

/** A code point as a literal inside a `v`-flag class. */
export function classLiteral(cp: number): string {
  return escapeWith(cp, INSIDE);
}

/** The code points a character matches when case is ignored (simple case folding, both ways). */
export function caseVariants(cp: number): number[] {
  const char = String.fromCodePoint(cp);
  const found = new Set<number>([cp]);
  for (const other of [char.toLowerCase(), char.toUpperCase()]) {
    const code = other.codePointAt(0);
    if (code !== undefined && String.fromCodePoint(code) === other) found.add(code);
  }
  for (const code of [...found]) {
    const lower = String.fromCodePoint(code).toLowerCase().codePointAt(0);
    if (lower !== undefined && String.fromCodePoint(lower).length <= 2) found.add(lower);
  }
  return [...found].sort((a, b) => a - b);
}

const WORD = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';

/** Rust's Unicode-aware Perl classes, as operands usable inside or outside a `v` class. */
export const PERL_CLASSES: Readonly<Record<string, string>> = {
  d: '\\p{Nd}',
  D: '\\P{Nd}',
  s: '\\p{White_Space}',
  S: '\\P{White_Space}',
  w: `[${WORD}]`,
  W: `[^${WORD}]`,
};

/** `\b` and `\B` with Unicode word characters, as Rust has them (JavaScript's are ASCII only). */
export const WORD_BOUNDARY = `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
export const NOT_WORD_BOUNDARY = `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`;

/** ASCII classes written `[:name:]` inside a bracket class. */
export const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7f',
  blank: '\\t ',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\!-\\~',
  lower: 'a-z',
  print: ' -\\~',
  punct: '\\!-\\/\\:-\\@\\[-\\`\\{-\\~',
  space: '\\t\\n\\x0b\\x0c\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const PROPERTY_ALIASES: Readonly<Record<string, string>> = {
  letter: 'L',
  uppercaseletter: 'Lu',
  lowercaseletter: 'Ll',
  titlecaseletter: 'Lt',
  modifierletter: 'Lm',
  otherletter: 'Lo',
  mark: 'M',
  number: 'N',
  decimalnumber: 'Nd',
  digit: 'Nd',
  punctuation: 'P',
  symbol: 'S',
  separator: 'Z',
  other: 'C',
  control: 'Cc',
  whitespace: 'White_Space',
  space: 'White_Space',
  alphabetic: 'Alphabetic',
  alpha: 'Alphabetic',
  uppercase: 'Uppercase',
  lowercase: 'Lowercase',
  any: 'Any',
  ascii: 'ASCII',
  emoji: 'Emoji',
};
const PROPERTY_KEYS: Readonly<Record<string, string>> = {
  sc: 'Script',
  script: 'Script',
  scx: 'Script_Extensions',
  scriptextensions: 'Script_Extensions',
  gc: 'General_Category',
  generalcategory: 'General_Category',
};

function validProperty(name: string): boolean {
  try {
    new RegExp(`\\p{${name}}`, 'v');
    return true;
  } catch {
    return false;
  }
}

function capitalised(value: string): string {
  return value
    .split(/[\s_-]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('_');
}

/** A Rust Unicode class name (`L`, `Greek`, `sc=Greek`, `Uppercase Letter`) as a JavaScript property. */
export function unicodeProperty(name: string, position: number): string {
  const pair = /^\s*([^=:!]+?)\s*(!=|=|:)\s*(.+?)\s*$/.exec(name);
  if (pair?.[1] !== undefined && pair[3] !== undefined) {
    const key = PROPERTY_KEYS[pair[1].toLowerCase().replace(/[\s_-]/g, '')];
    if (key !== undefined) {
      const value = pair[3];
      const short = PROPERTY_ALIASES[value.toLowerCase().replace(/[\s_-]/g, '')];
      for (const candidate of [value, capitalised(value), short].filter((item) => item !== undefined)) {
        if (validProperty(`${key}=${candidate}`)) return `${key}=${candidate}`;
      }
    }
    throw patternError(`unknown Unicode class \\p{${name}}`, position);
  }
  const alias = PROPERTY_ALIASES[name.toLowerCase().replace(/[\s_-]/g, '')];
  for (const candidate of [name, alias, `Script=${name}`, `Script=${capitalised(name)}`]) {
    if (candidate !== undefined && validProperty(candidate)) return candidate;
  }
  throw patternError(`unknown Unicode class \\p{${name}}`, position);
}
