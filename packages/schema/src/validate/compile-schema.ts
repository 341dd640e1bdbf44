import type { TSchema } from '@sinclair/typebox';
import { closeNames } from './close-names.js';
import { Compilation } from './compilation.js';
import { countCodePoints, describeValue, escapePointer, indexSegment, plural, quote } from './describe-value.js';
import { emitSchema } from './emit-schema.js';
import { checkFormat, formatMessage } from './format-message.js';
import { findDuplicate, jsonEqual } from './json-equality.js';
import { isMultipleOf } from './multiple-of.js';
import type { SchemaNode } from './schema-node.js';
import { unexplainedRejection, type ValidationIssue, type ValidationResult } from './validation-issue.js';

/** What the generated code may call. */
const HELPERS = {
  checkFormat,
  countCodePoints,
  describeValue,
  didYouMean,
  escapePointer,
  findDuplicate,
  formatMessage,
  indexSegment,
  isMultipleOf,
  jsonEqual,
  plural,
  quote,
  unexplainedRejection,
};

/** ` (did you mean "path"?)` for an unknown key close to a known one, else nothing. */
function didYouMean(key: string, known: readonly string[]): string {
  // A one-letter key is inside too many names to be a misspelling of one of them.
  if (key.length < 2) return '';
  const [nearest] = closeNames(key, known);
  return nearest === undefined ? '' : ` (did you mean ${quote(nearest)}?)`;
}

/** The functions generated from one schema. */
export interface CompiledSchema {
  /** True when `value` is valid; stops at the first failure. */
  readonly check: (value: unknown) => boolean;
  /** Every issue, in one walk over `value` (`[]` when it is valid). */
  readonly collect: (value: unknown) => ValidationIssue[];
  /** `check`, then `collect` for a rejected value, as `validate()` returns it. */
  readonly result: (value: unknown) => ValidationResult<unknown>;
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
  // Generated, not a closure shared by all schemas: each schema's `result` then has its own call feedback,
  // so the optimiser inlines that schema's check into it even when `validate()` serves many tools.
  const result = `function result(data) {
if (${check}(data)) return { ok: true, value: data };
const issues = ${collect}(data);
return { ok: false, issues: issues.length > 0 ? issues : unexplainedRejection() };
}`;
  const entry = `{ check: ${check}, collect: ${collect}, result: ${result} }`;
  const built = compilation.link<Omit<CompiledSchema, 'source'>>(entry, HELPERS);
  return { ...built, source: compilation.source() };
}
