// A Rust bracket class (`[a-z]`, `[^\d]`, `[[:alpha:]]`, `[\pL&&[^a-z]]`, `[a-z--[aeiou]]`, `[a~~b]`)
// turned into a `v`-flag class, which has the same nesting and set operations.
import { type Cursor, readEscape } from './regex-escape.js';
import { caseVariants, classLiteral, POSIX_CLASSES, patternError } from './regex-text.js';

export interface ClassOptions {
  /** Add the other-case variants of characters and small ranges (case-insensitive scope without the `i` flag). */
  readonly foldCase: boolean;
  /** `x` flag: whitespace inside the class is ignored. */
  readonly verbose: boolean;
}

const MAX_FOLDED_RANGE = 2000;

/** Reads the class at `cursor.pos` (its `[`); leaves the cursor after the closing `]`. */
export function readClass(cursor: Cursor, options: ClassOptions): string {
  const start = cursor.pos;
  const { pattern } = cursor;
  cursor.pos += 1;
  const negated = pattern[cursor.pos] === '^';
  if (negated) cursor.pos += 1;
  let result = readUnion(cursor, options, start);
  for (;;) {
    skipSpace(cursor, options);
    const two = pattern.slice(cursor.pos, cursor.pos + 2);
    if (two === '&&' || two === '--' || two === '~~') {
      cursor.pos += 2;
      const right = readUnion(cursor, options, start);
      if (two === '&&') result = `[${result}&&${right}]`;
      else if (two === '--') result = `[${result}--${right}]`;
      else result = `[[${result}--${right}][${right}--${result}]]`;
      continue;
    }
    if (pattern[cursor.pos] === ']') break;
    throw patternError('a character class [ is not closed with ]', start);
  }
  cursor.pos += 1;
  return negated ? `[^${result}]` : result;
}

function skipSpace(cursor: Cursor, options: ClassOptions): void {
  if (!options.verbose) return;
  while (/\s/.test(cursor.pattern[cursor.pos] ?? '')) cursor.pos += 1;
}

/** Items up to the next set operator or the closing `]`, as one bracketed class. */
function readUnion(cursor: Cursor, options: ClassOptions, start: number): string {
  const { pattern } = cursor;
  const parts: string[] = [];
  let first = true;
  for (;;) {
    skipSpace(cursor, options);
    const char = pattern[cursor.pos];
    if (char === undefined) throw patternError('a character class [ is not closed with ]', start);
    if (char === ']' && !first) break;
    const two = pattern.slice(cursor.pos, cursor.pos + 2);
    if (!first && (two === '&&' || two === '--' || two === '~~')) break;
    first = false;
    if (char === '[') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(cursor.pos));
      if (posix?.[2] !== undefined) {
        const ranges = POSIX_CLASSES[posix[2]];
        if (ranges === undefined) throw patternError(`unknown class [:${posix[2]}:]`, cursor.pos);
        parts.push(posix[1] === '^' ? `[^${ranges}]` : `[${ranges}]`);
        cursor.pos += posix[0].length;
      } else {
        parts.push(readClass(cursor, options));
      }
      continue;
    }
    const low = readMember(cursor, options);
    if (typeof low === 'string') {
      parts.push(low);
      continue;
    }
    const dash = pattern[cursor.pos] === '-' && pattern[cursor.pos + 1] !== ']' && pattern[cursor.pos + 1] !== '-';
    if (!dash) {
      parts.push(chars(low, low, options));
      continue;
    }
    cursor.pos += 1;
    const high = readMember(cursor, options);
    if (typeof high === 'string') throw patternError('a range in [...] must end with a single character', cursor.pos);
    if (high < low) throw patternError('a range in [...] goes backwards', cursor.pos);
    parts.push(chars(low, high, options));
  }
  return `[${parts.join('')}]`;
}

/** One character (its code point) or a class escape (its JavaScript). */
function readMember(cursor: Cursor, options: ClassOptions): number | string {
  const { pattern } = cursor;
  if (pattern[cursor.pos] === '\\') {
    const read = readEscape(cursor, true, options.verbose);
    return read.kind === 'char' ? read.cp : read.js;
  }
  const cp = pattern.codePointAt(cursor.pos) ?? 0;
  cursor.pos += cp > 0xffff ? 2 : 1;
  return cp;
}

function chars(low: number, high: number, options: ClassOptions): string {
  const base = low === high ? classLiteral(low) : `${classLiteral(low)}-${classLiteral(high)}`;
  if (!options.foldCase || high - low > MAX_FOLDED_RANGE) return base;
  const extra = new Set<number>();
  for (let cp = low; cp <= high; cp++) {
    for (const variant of caseVariants(cp)) if (variant < low || variant > high) extra.add(variant);
  }
  return base + [...extra].map(classLiteral).join('');
}
