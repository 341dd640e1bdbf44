import type { Static, TSchema } from '@sinclair/typebox';
import { registerFormats } from '../formats/register-formats.js';
import { compileSchema } from './compile-schema.js';
import { unexplainedRejection, type ValidationIssue, type ValidationResult } from './validation-issue.js';

/** A compiled validator for one schema. */
export interface Validator<T extends TSchema = TSchema> {
  /** True when `value` matches; the fast path (stops at the first failure). */
  readonly check: (value: unknown) => value is Static<T>;
  /** Every issue with `value`, in one walk (`[]` exactly when `check` is true). */
  readonly errors: (value: unknown) => ValidationIssue[];
  /** The issues of a value `check` has just rejected (skips running `check` again). */
  readonly issuesOfRejected: (value: unknown) => ValidationIssue[];
  /**
   * Which code `check` runs. Always our generated check now: it beat TypeBox's compiled check on the tool
   * schemas we measured (it reads each property once and loops over arrays without a closure). `'typebox'`
   * is kept in the type so callers that switch on it still compile.
   */
  readonly checkedBy: 'typebox' | 'generated';
}

const cache = new WeakMap<object, Validator>();
// `validate()`'s whole answer per validator, kept off the public interface.
const results = new WeakMap<Validator, (value: unknown) => ValidationResult<unknown>>();

/**
 * Compiles `schema` once (cached per schema object) into a validator: a generated check and a generated
 * issue collector, both from the same emitter, so they agree on validity. Throws when the schema uses a
 * keyword that changes validity but is not supported (`unevaluatedProperties`, ...) or a `$ref` that does
 * not resolve.
 */
export function compileValidator<T extends TSchema>(schema: T): Validator<T> {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached as Validator<T>;
  registerFormats();
  const { check, collect, result } = compileSchema(schema);
  // Never report "invalid" with nothing to act on: should the two ever disagree, say so plainly.
  const issuesOfRejected = (value: unknown): ValidationIssue[] => {
    const issues = collect(value);
    return issues.length > 0 ? issues : unexplainedRejection();
  };
  const validator: Validator<T> = Object.freeze({
    check: check as (value: unknown) => value is Static<T>,
    errors: (value: unknown): ValidationIssue[] => (check(value) ? [] : issuesOfRejected(value)),
    issuesOfRejected,
    checkedBy: 'generated',
  });
  cache.set(schema, validator);
  results.set(validator, result);
  return validator;
}

/** What `validate()` returns for `value`: `check`, then the issues of a rejected value, in one generated call. */
export function resultFunction<T extends TSchema>(
  validator: Validator<T>,
): (value: unknown) => ValidationResult<Static<T>> {
  const result = results.get(validator);
  if (result === undefined) throw new Error('resultFunction expects a validator made by compileValidator');
  return result as (value: unknown) => ValidationResult<Static<T>>;
}
