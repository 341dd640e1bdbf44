import type { TSchema } from '@sinclair/typebox';
import { Compilation } from './compilation.js';
import { countCodePoints, describeValue, escapePointer, plural, quote } from './describe-value.js';
import { emitSchema } from './emit-schema.js';
import { checkFormat, formatMessage } from './format-message.js';
import { findDuplicate, jsonEqual } from './json-equality.js';
import type { SchemaNode } from './schema-node.js';
import type { ValidationIssue } from './validation-issue.js';

/** What the generated code may call. */
const HELPERS = {
  checkFormat,
  countCodePoints,
  describeValue,
  escapePointer,
  findDuplicate,
  formatMessage,
  jsonEqual,
  plural,
  quote,
};

/** The two functions generated from one schema. */
export interface CompiledSchema {
  /** True when `value` is valid; stops at the first failure. */
  readonly check: (value: unknown) => boolean;
  /** Every issue, in one walk over `value` (`[]` when it is valid). */
  readonly collect: (value: unknown) => ValidationIssue[];
  /** The generated JavaScript, for debugging. */
  readonly source: string;
}

/**
 * Compiles a JSON Schema (as TypeBox builds them, or written by hand through `Type.Unsafe`) into
 * specialised JavaScript, the way Ajv and TypeBox's own compiler do. Throws for a keyword that changes
 * validity but is not supported, or for a `$ref` that does not resolve inside the schema.
 */
export function compileSchema(schema: TSchema | SchemaNode): CompiledSchema {
  const compilation = new Compilation(schema as SchemaNode, emitSchema);
  const check = compilation.functionFor(schema as SchemaNode, 'check');
  const collect = compilation.rootCollector(schema as SchemaNode);
  const entry = `{ check: ${check}, collect: ${collect} }`;
  const built = compilation.link<Pick<CompiledSchema, 'check' | 'collect'>>(entry, HELPERS);
  return { check: built.check, collect: built.collect, source: compilation.source() };
}
