import { type Compilation, fail, type Mode, text } from './compilation.js';
import type { SchemaObject } from './schema-node.js';

/** `minLength`, `maxLength` (in code points), `pattern` and `format`, for a `data` known to be a string. */
export function emitString(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  const lines: string[] = [];
  const { minLength, maxLength, pattern, format } = schema;
  // A string has at least length / 2 and at most length code points: count only when that is not enough.
  if (typeof minLength === 'number' && minLength > 0) {
    const message = `${text(`must be at least ${plural(minLength, 'character')} long, got `)} + plural(countCodePoints(${data}), "character")`;
    lines.push(
      `if (${data}.length < ${2 * minLength} && countCodePoints(${data}) < ${minLength}) { ${fail(mode, 'minLength', path, message)} }`,
    );
  }
  if (typeof maxLength === 'number') {
    const message = `${text(`must be at most ${plural(maxLength, 'character')} long, got `)} + plural(countCodePoints(${data}), "character")`;
    lines.push(
      `if (${data}.length > ${maxLength} && countCodePoints(${data}) > ${maxLength}) { ${fail(mode, 'maxLength', path, message)} }`,
    );
  }
  if (typeof pattern === 'string') {
    const regex = compilation.constant(compilePattern(pattern));
    const message = `${text(`must match the pattern /${pattern}/, got `)} + describeValue(${data})`;
    lines.push(`if (!${regex}.test(${data})) { ${fail(mode, 'pattern', path, message)} }`);
  }
  if (typeof format === 'string') {
    const name = text(format);
    lines.push(
      `if (!checkFormat(${name}, ${data})) { ${fail(mode, 'format', path, `formatMessage(${name}, ${data})`)} }`,
    );
  }
  return lines.join('\n');
}

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, for a `data` known to be a number. */
export function emitNumber(schema: SchemaObject, mode: Mode, data: string, path: string): string {
  const lines: string[] = [];
  const bounds: [string, string, string][] = [
    ['minimum', '>=', '>='],
    ['exclusiveMinimum', '>', '>'],
    ['maximum', '<=', '<='],
    ['exclusiveMaximum', '<', '<'],
  ];
  for (const [keyword, operator, words] of bounds) {
    const limit = schema[keyword];
    if (typeof limit !== 'number') continue;
    const message = `${text(`must be ${words} ${limit}, got `)} + ${data}`;
    lines.push(`if (!(${data} ${operator} ${limit})) { ${fail(mode, keyword, path, message)} }`);
  }
  const multipleOf = schema.multipleOf;
  if (typeof multipleOf === 'number') {
    // Integers by remainder; anything else decimal by decimal (`isMultipleOf`), so 0.3 is a multiple of
    // 0.01 though the float remainder is not 0.
    const message = `${text(`must be a multiple of ${multipleOf}, got `)} + ${data}`;
    const test = Number.isSafeInteger(multipleOf)
      ? `(Number.isSafeInteger(${data}) ? ${data} % ${multipleOf} !== 0 : !isMultipleOf(${data}, ${multipleOf}))`
      : `!isMultipleOf(${data}, ${multipleOf})`;
    lines.push(`if (${test}) { ${fail(mode, 'multipleOf', path, message)} }`);
  }
  return lines.join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

// Like TypeBox's compiler: a plain RegExp, so `check` and the issue list agree. Patterns that need the
// `u` flag (`\p{L}`) are compiled with it.
function compilePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return new RegExp(pattern, 'u');
  }
}
