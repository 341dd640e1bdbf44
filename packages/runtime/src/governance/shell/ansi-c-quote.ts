import type { ShellCursor } from './shell-cursor.js';
import type { WordBuilder } from './word-builder.js';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const OCTAL = '01234567';
const HEX = '0123456789abcdefABCDEF';

function digits(text: string, from: number, allowed: string, most: number): string {
  let end = from;
  while (end < from + most && text[end] !== undefined && allowed.includes(text[end] as string)) end++;
  return text.slice(from, end);
}

/**
 * Reads an ANSI-C quoted string (`$'..'`) from the cursor, which stands on its `$`, and adds it to the
 * word decoded as bash decodes it. Escapes whose result bash would treat as raw bytes or as the end of
 * the string (NUL, values of 0x80 and above), and `\u`, `\U` and `\c`, are refused.
 */
export function readAnsiCQuoted(cursor: ShellCursor, builder: WordBuilder): void {
  const { text } = cursor;
  const open = cursor.pos;
  let pos = open + 2;
  const decoded: string[] = [];
  for (;;) {
    const character = text[pos];
    if (character === undefined) throw cursor.refuse("it has an unterminated $'..' string", open);
    if (character === "'") break;
    if (character !== '\\') {
      decoded.push(character);
      pos++;
      continue;
    }
    const escaped = text[pos + 1];
    if (escaped === undefined) throw cursor.refuse("it has an unterminated $'..' string", open);
    const simple = SIMPLE_ESCAPES[escaped];
    if (simple !== undefined) {
      decoded.push(simple);
      pos += 2;
      continue;
    }
    let code: number | undefined;
    if (OCTAL.includes(escaped)) {
      const octal = digits(text, pos + 1, OCTAL, 3);
      code = Number.parseInt(octal, 8);
      pos += 1 + octal.length;
    } else if (escaped === 'x') {
      const hex = digits(text, pos + 2, HEX, 2);
      if (hex === '') {
        decoded.push('\\x');
        pos += 2;
        continue;
      }
      code = Number.parseInt(hex, 16);
      pos += 2 + hex.length;
    } else if (escaped === 'u' || escaped === 'U' || escaped === 'c') {
      throw cursor.refuse(
        `it uses the escape \\${escaped} inside a $'..' string, which the analysis does not decode`,
        pos,
      );
    } else {
      decoded.push('\\', escaped);
      pos += 2;
      continue;
    }
    if (code === 0 || code >= 0x80) {
      throw cursor.refuse(
        `a $'..' string decodes to the byte 0x${code.toString(16)}, which the analysis does not accept`,
        pos,
      );
    }
    decoded.push(String.fromCharCode(code));
  }
  builder.add(decoded.join(''), 'q');
  cursor.pos = pos + 1;
}
