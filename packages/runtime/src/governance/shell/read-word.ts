import { isUnicodeSpace, unicodeSpaceRefusal } from './control-characters.js';
import { type QuoteMode, readBackquoted, readDollar } from './read-expansion.js';
import type { ShellCursor } from './shell-cursor.js';
import { snippet } from './shell-finding.js';
import type { ShellWord } from './shell-word.js';
import { WordBuilder } from './word-builder.js';

/** Characters that end an unquoted word. */
export const METACHARACTERS = ' \t\n|&;()<>';

function readSingleQuoted(cursor: ShellCursor, builder: WordBuilder): void {
  const close = cursor.text.indexOf("'", cursor.pos + 1);
  if (close === -1) throw cursor.refuse('it has an unterminated single quote', cursor.pos);
  builder.add(cursor.text.slice(cursor.pos + 1, close), 'q');
  cursor.pos = close + 1;
}

/**
 * Reads text with double-quote rules: `$` and backquotes expand, a backslash escapes only `$`, a
 * backquote, `\`, a newline and (in double quotes) `"`. In `double` mode the cursor stands on the opening
 * quote; in `here-document` mode the text runs up to `limit`.
 */
export function readDoubleQuoted(cursor: ShellCursor, builder: WordBuilder, mode: QuoteMode, limit?: number): void {
  const { text } = cursor;
  const open = cursor.pos;
  if (mode === 'double') cursor.pos++;
  for (;;) {
    if (limit !== undefined && cursor.pos >= limit) return;
    const character = cursor.current;
    if (character === undefined) throw cursor.refuse('it has an unterminated double quote', open);
    if (character === '"' && mode === 'double') {
      cursor.pos++;
      return;
    }
    if (character === '\\') {
      const escaped = text[cursor.pos + 1];
      if (escaped === '\n') {
        cursor.pos += 2;
      } else if (escaped !== undefined && ('$`\\'.includes(escaped) || (escaped === '"' && mode === 'double'))) {
        builder.add(escaped, 'q');
        cursor.pos += 2;
      } else {
        builder.add('\\', 'q');
        cursor.pos++;
      }
    } else if (character === '$') {
      readDollar(cursor, builder, mode);
    } else if (character === '`') {
      readBackquoted(cursor, builder, mode);
    } else {
      builder.add(character, 'q');
      cursor.pos++;
    }
  }
}

function readProcessSubstitution(cursor: ShellCursor, builder: WordBuilder): void {
  const open = cursor.pos;
  const { script, end } = cursor.hooks.nested(cursor.text, open + 2, cursor.base);
  cursor.pos = end;
  const source = cursor.text.slice(open, end);
  builder.inner.push(script);
  builder.add(source, 'c');
  cursor.ask(
    'process-substitution',
    `The command line runs the process substitution ${snippet(source)}, a command whose input or output stands in for a file name.`,
    open,
  );
}

/** Reads one word; the cursor stands on its first character, which is not a blank or an operator. */
export function readWord(cursor: ShellCursor): ShellWord {
  const start = cursor.pos;
  const builder = new WordBuilder();
  const first = cursor.current;
  if ((first === '<' || first === '>') && cursor.text[start + 1] === '(') readProcessSubstitution(cursor, builder);
  for (;;) {
    cursor.skipContinuations();
    const character = cursor.current;
    if (character === undefined || METACHARACTERS.includes(character)) break;
    if (character === '\\') {
      const escaped = cursor.text[cursor.pos + 1];
      if (escaped === undefined) throw cursor.refuse('it ends with a backslash', cursor.pos);
      builder.add(escaped, 'q');
      cursor.pos += 2;
    } else if (character === "'") {
      readSingleQuoted(cursor, builder);
    } else if (character === '"') {
      readDoubleQuoted(cursor, builder, 'double');
    } else if (character === '`') {
      readBackquoted(cursor, builder, 'unquoted');
    } else if (character === '$') {
      readDollar(cursor, builder, 'unquoted');
    } else {
      if (isUnicodeSpace(character.charCodeAt(0))) throw unicodeSpaceRefusal(character, cursor.base + cursor.pos);
      builder.add(character, 'u');
      cursor.pos++;
    }
  }
  return builder.build(cursor.text.slice(start, cursor.pos), cursor.base + start);
}
