import { readAnsiCQuoted } from './ansi-c-quote.js';
import type { ShellCursor } from './shell-cursor.js';
import { snippet } from './shell-finding.js';
import { WordBuilder } from './word-builder.js';

/** Where a `$` or backquote stands: outside quotes, inside double quotes, or in a here-document body. */
export type QuoteMode = 'unquoted' | 'double' | 'here-document';

const SPECIAL_PARAMETERS = '@*#?$!-0123456789';

function isNameStart(character: string | undefined): boolean {
  return character !== undefined && /^[A-Za-z_]$/.test(character);
}

function isNameCharacter(character: string | undefined): boolean {
  return character !== undefined && /^[A-Za-z0-9_]$/.test(character);
}

const COMMAND_SUBSTITUTION = (found: string) =>
  `The command line runs the command substitution ${snippet(found)}: its output becomes part of the command, so the command cannot be judged before it runs.`;

const ARITHMETIC = (found: string) =>
  `The command line uses the arithmetic expression ${snippet(found)}; bash evaluates variables inside it as expressions, which can run commands.`;

/** Reads a backquoted command substitution; the cursor stands on the opening backquote. */
export function readBackquoted(cursor: ShellCursor, builder: WordBuilder, mode: QuoteMode): void {
  const { text } = cursor;
  const open = cursor.pos;
  let pos = open + 1;
  const parts: string[] = [];
  for (;;) {
    const character = text[pos];
    if (character === undefined) throw cursor.refuse('it has an unterminated backquote', open);
    if (character === '`') break;
    if (character !== '\\') {
      parts.push(character);
      pos++;
      continue;
    }
    const escaped = text[pos + 1];
    if (escaped === '$' || escaped === '`' || escaped === '\\') {
      parts.push(escaped);
    } else if (escaped === undefined || escaped === '\n' || (escaped === '"' && mode !== 'unquoted')) {
      throw cursor.refuse('it escapes a quote or a newline inside backquotes; use $(..) instead', pos);
    } else {
      parts.push('\\', escaped);
    }
    pos += 2;
  }
  cursor.pos = pos + 1;
  const source = text.slice(open, cursor.pos);
  builder.inner.push(cursor.hooks.backquoted(parts.join(''), cursor.base + open + 1));
  builder.add(source, 'c');
  cursor.ask('command-substitution', COMMAND_SUBSTITUTION(source), open);
}

/** Scans the inside of `$((`, `((` or `$[` from `from` to its closing `))` (or `]`), reading nested expansions. */
export function scanArithmetic(cursor: ShellCursor, builder: WordBuilder, from: number, closing: '))' | ']'): void {
  const { text } = cursor;
  const open = closing === ']' ? '[' : '(';
  const close = closing === ']' ? ']' : ')';
  let depth = 0;
  cursor.pos = from;
  for (;;) {
    cursor.skipContinuations();
    const character = cursor.current;
    if (character === undefined) throw cursor.refuse('it has an unterminated arithmetic expression', from);
    if (character === open) depth++;
    else if (character === close) {
      if (depth === 0) {
        if (closing === ']') {
          cursor.pos++;
          return;
        }
        if (text[cursor.pos + 1] === ')') {
          cursor.pos += 2;
          return;
        }
        throw cursor.refuse('a `((` does not close with `))`; put a space between the parentheses of a subshell', from);
      }
      depth--;
    } else if (character === "'" || character === '"' || character === '\\') {
      throw cursor.refuse('it uses quotes or backslashes inside an arithmetic expression', cursor.pos);
    } else if (character === '$') {
      readDollar(cursor, builder, 'double');
      continue;
    } else if (character === '`') {
      readBackquoted(cursor, builder, 'double');
      continue;
    }
    cursor.pos++;
  }
}

/** Reports what a `${..}` does beyond reading a variable: indirection and arithmetic evaluation. */
function judgeParameter(cursor: ShellCursor, content: string, source: string, open: number): void {
  let index = 0;
  if (content.startsWith('!') && content !== '!') {
    const rest = content.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\[[@*]\]|[@*])$/.test(rest)) {
      cursor.ask(
        'indirect-expansion',
        `The command line uses the indirect expansion ${snippet(source)}, which reads a variable named by another and can run code stored in it.`,
        open,
      );
      return;
    }
    return;
  }
  if (content.startsWith('#') && content.length > 1) index = 1;
  if (isNameStart(content[index])) {
    while (isNameCharacter(content[index])) index++;
  } else if (content[index] !== undefined && SPECIAL_PARAMETERS.includes(content[index] as string)) {
    index++;
    while (/^[0-9]$/.test(content[index] ?? '')) index++;
  }
  if (content[index] === '[') {
    const close = content.indexOf(']', index);
    const subscript = content.slice(index + 1, close === -1 ? content.length : close);
    if (!/^([@*]|[0-9]+)$/.test(subscript)) {
      cursor.ask('arithmetic', ARITHMETIC(source), open);
      return;
    }
    index = close === -1 ? content.length : close + 1;
  }
  const operator = content.slice(index);
  if (operator.startsWith(':') && !'-=?+'.includes(operator[1] ?? '-') && !/^[0-9: -]*$/.test(operator)) {
    cursor.ask('arithmetic', ARITHMETIC(source), open);
  } else if (operator.startsWith('@P')) {
    cursor.ask(
      'indirect-expansion',
      `The command line uses the prompt expansion ${snippet(source)}, which runs command substitutions stored in the variable.`,
      open,
    );
  }
}

/** Reads `${..}` up to its first unescaped `}`, as bash does; the cursor stands on the `$`. */
function readBraceParameter(cursor: ShellCursor, builder: WordBuilder, open: number): void {
  const { text } = cursor;
  cursor.pos++;
  for (;;) {
    cursor.skipContinuations();
    const character = cursor.current;
    if (character === undefined) throw cursor.refuse(`it has an unterminated \${..}`, open);
    if (character === '}') break;
    if (character === "'" || character === '"') {
      throw cursor.refuse(`it uses quotes inside \${..}`, cursor.pos);
    }
    if (character === '\\') {
      if (text[cursor.pos + 1] === undefined) throw cursor.refuse(`it has an unterminated \${..}`, open);
      cursor.pos += 2;
    } else if (character === '$') {
      readDollar(cursor, builder, 'double');
    } else if (character === '`') {
      readBackquoted(cursor, builder, 'double');
    } else {
      cursor.pos++;
    }
  }
  const content = text.slice(open + 2, cursor.pos);
  cursor.pos++;
  if (content === '') throw cursor.refuse(`it has an empty \${}`, open);
  judgeParameter(cursor, content, text.slice(open, cursor.pos), open);
}

/**
 * Reads what starts with a `$` and adds it to the word: a parameter (`$x`, `${..}`, `$1`, `$@`), a
 * command substitution, an arithmetic expansion, an ANSI-C string, or a plain `$`.
 */
export function readDollar(cursor: ShellCursor, builder: WordBuilder, mode: QuoteMode): void {
  const { text } = cursor;
  const open = cursor.pos;
  cursor.pos++;
  const next = cursor.current;
  const nested = new WordBuilder();
  let piece: '$' | 'c' = '$';
  if (next === '(' && text[cursor.pos + 1] === '(') {
    scanArithmetic(cursor, nested, cursor.pos + 2, '))');
    piece = 'c';
    cursor.ask('arithmetic', ARITHMETIC(text.slice(open, cursor.pos)), open);
  } else if (next === '(') {
    const { script, end } = cursor.hooks.nested(text, cursor.pos + 1, cursor.base);
    cursor.pos = end;
    nested.inner.push(script);
    piece = 'c';
    cursor.ask('command-substitution', COMMAND_SUBSTITUTION(text.slice(open, end)), open);
  } else if (next === '[') {
    scanArithmetic(cursor, nested, cursor.pos + 1, ']');
    piece = 'c';
    cursor.ask('arithmetic', ARITHMETIC(text.slice(open, cursor.pos)), open);
  } else if (next === '{') {
    readBraceParameter(cursor, nested, open);
  } else if (next === "'" && mode === 'unquoted') {
    cursor.pos = open;
    readAnsiCQuoted(cursor, builder);
    return;
  } else if (next === '"' && mode === 'unquoted') {
    throw cursor.refuse('it uses a $"..." translated string', open);
  } else if (isNameStart(next)) {
    while (isNameCharacter(cursor.current)) cursor.pos++;
  } else if (next !== undefined && SPECIAL_PARAMETERS.includes(next)) {
    cursor.pos++;
  } else {
    builder.add('$', mode === 'unquoted' ? 'u' : 'q');
    return;
  }
  builder.inner.push(...nested.inner);
  builder.add(text.slice(open, cursor.pos), piece);
}
