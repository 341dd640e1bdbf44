import { type Compilation, fail, type Mode, text } from './compilation.js';
import { literal, literalList } from './describe-value.js';
import type { SchemaObject } from './schema-node.js';

/** `const` and `enum`. Objects and arrays compare as JSON values; primitives with `===`. */
export function emitValues(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  const lines: string[] = [];
  if ('const' in schema) {
    const test = equals(compilation, data, schema.const);
    lines.push(`if (!(${test})) { ${fail(mode, 'const', path, constMessage(schema, data))} }`);
  }
  if (Array.isArray(schema.enum)) {
    const test = oneOfValues(compilation, data, schema.enum as unknown[]);
    lines.push(`if (!(${test})) { ${fail(mode, 'enum', path, enumMessage(schema, data))} }`);
  }
  return lines.join('\n');
}

/** The message for a value that is not the `const` (also used when its type is already wrong). */
export function constMessage(schema: SchemaObject, data: string): string {
  return `${text(`must be ${literal(schema.const)}, got `)} + describeValue(${data})`;
}

export function enumMessage(schema: SchemaObject, data: string): string {
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [];
  const expected = values.length === 1 ? literal(values[0]) : `one of ${literalList(values)}`;
  return `${text(`must be ${expected}, got `)} + describeValue(${data})`;
}

/** A test that `data` equals one of `values`: a Set lookup for many primitives, else a chain of comparisons. */
export function oneOfValues(compilation: Compilation, data: string, values: readonly unknown[]): string {
  if (values.length === 0) return 'false';
  if (values.length > 8 && values.every((value) => typeof value !== 'object' || value === null)) {
    return `${compilation.constant(new Set(values))}.has(${data})`;
  }
  return values.map((value) => equals(compilation, data, value)).join(' || ');
}

function equals(compilation: Compilation, data: string, value: unknown): string {
  if (typeof value === 'object' && value !== null) return `jsonEqual(${data}, ${compilation.constant(value)})`;
  if (typeof value === 'string' || typeof value === 'boolean' || value === null)
    return `${data} === ${JSON.stringify(value)}`;
  if (typeof value === 'number' && Number.isFinite(value)) return `${data} === ${value}`;
  return `${data} === ${compilation.constant(value)}`;
}
