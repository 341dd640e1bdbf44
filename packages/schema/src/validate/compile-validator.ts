import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Hash } from '@sinclair/typebox/value';
import { registerFormats } from '../formats/register-formats.js';
import { compileSchema } from './compile-schema.js';
import { checkFormat } from './format-message.js';
import { isTypeBoxFaithful } from './typebox-faithful.js';
import type { ValidationIssue } from './validation-issue.js';

/** A compiled validator for one schema. */
export interface Validator<T extends TSchema = TSchema> {
  /** True when `value` matches; the fast path (TypeBox's compiled check where it is exact). */
  readonly check: (value: unknown) => value is Static<T>;
  /** Every issue with `value`, in one walk (`[]` exactly when `check` is true). */
  readonly errors: (value: unknown) => ValidationIssue[];
  /** The issues of a value `check` has just rejected (skips running `check` again). */
  readonly issuesOfRejected: (value: unknown) => ValidationIssue[];
  /** Which code `check` runs: TypeBox's compiled check, or ours where TypeBox's would differ. */
  readonly checkedBy: 'typebox' | 'generated';
}

const cache = new WeakMap<object, Validator>();

/**
 * Compiles `schema` once (cached per schema object) into a validator. `check` is TypeBox's
 * `TypeCompiler` check when that gives the JSON Schema answer, otherwise our own generated check;
 * `errors` is our own generated issue collector. Throws when the schema uses a keyword that changes
 * validity but is not supported (`unevaluatedProperties`, ...) or a `$ref` that does not resolve.
 */
export function compileValidator<T extends TSchema>(schema: T): Validator<T> {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached as Validator<T>;
  registerFormats();
  const compiled = compileSchema(schema);
  const typeBox = typeBoxCheck(schema);
  const check = typeBox ?? compiled.check;
  const collect = compiled.collect;
  // Never report "invalid" with nothing to act on: should the two ever disagree, say so plainly.
  const issuesOfRejected = (value: unknown): ValidationIssue[] => {
    const issues = collect(value);
    return issues.length > 0 ? issues : [{ path: '', message: 'does not match the schema', keyword: 'schema' }];
  };
  const validator: Validator<T> = Object.freeze({
    check: check as (value: unknown) => value is Static<T>,
    errors: (value: unknown): ValidationIssue[] => (check(value) ? [] : issuesOfRejected(value)),
    issuesOfRejected,
    checkedBy: typeBox === undefined ? 'generated' : 'typebox',
  });
  cache.set(schema, validator);
  return validator;
}

// TypeBox's generated check, called without the `TypeCheck` wrapper around it (`Check` calls the function
// this builds from `Code()` the same way): two calls fewer on the path every valid call takes.
function typeBoxCheck(schema: TSchema): ((value: unknown) => boolean) | undefined {
  if (!isTypeBoxFaithful(schema)) return undefined;
  try {
    const code = TypeCompiler.Compile(schema).Code();
    const build = new Function('kind', 'format', 'hash', code) as (
      ...helpers: unknown[]
    ) => (value: unknown) => boolean;
    // A faithful schema has no custom kinds; its formats go through the same lookup as ours.
    return build(() => false, checkFormat, Hash);
  } catch {
    return undefined;
  }
}
