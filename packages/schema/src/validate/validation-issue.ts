/** One reason the arguments do not match the parameters, as data a model (or a program) can act on. */
export interface ValidationIssue {
  /** JSON pointer into the arguments (`/edits/0/old_string`); `''` is the arguments object itself. */
  readonly path: string;
  /** What was expected and what was given, in words a model can act on. */
  readonly message: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `additionalProperties`, `anyOf`, ...). */
  readonly keyword: string;
}

/** The outcome of `validate()`: the typed arguments, or every issue found. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: ValidationIssue[] };

/**
 * The issue reported should the check reject a value the collector finds nothing wrong with: never
 * "invalid" with nothing to act on. (Both are generated from one emitter, so this should not happen.)
 */
export function unexplainedRejection(): ValidationIssue[] {
  return [{ path: '', message: 'does not match the schema', keyword: 'schema' }];
}
