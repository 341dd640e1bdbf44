import type { TObject } from '@sinclair/typebox';
import type { AnyToolDefinition, ArgsOf } from '../tool/define-tool.js';
import { compileValidator, resultFunction } from './compile-validator.js';
import { readArguments } from './read-arguments.js';
import type { ValidationIssue, ValidationResult } from './validation-issue.js';

// The result function of the validator used last. A run usually calls the same tool again and again, and
// this check is cheaper than the WeakMap lookup it saves (which costs as much as the whole check of a small
// schema). One object whose fields always hold the same kinds of values: cheaper to read than module-level
// `let`s, which the optimiser must check for the temporal dead zone on every read.
const last: { schema: TObject | undefined; result: (value: unknown) => ValidationResult<unknown> } = {
  schema: undefined,
  result: () => ({ ok: false, issues: [] }),
};

/**
 * Checks a tool call's arguments against the tool's parameters. Returns the arguments, typed, or every
 * issue found (each with a JSON pointer and a message the model can act on). Never throws for bad
 * arguments, however deep, cyclic or hostile (a value the check cannot walk is read by `readArguments`,
 * whose issues are returned); compiles the schema on first use. The runtime reads every call's arguments
 * with `readArguments` first, which also bounds their depth where the schema does not look.
 */
export function validate<T extends AnyToolDefinition>(tool: T, args: unknown): ValidationResult<ArgsOf<T>> {
  const schema = tool.parameters;
  if (schema !== last.schema) remember(schema);
  try {
    return last.result(args) as ValidationResult<ArgsOf<T>>;
  } catch {
    return unwalkable(args);
  }
}

// The check threw (a recursive schema on a value nested past the stack, a getter or a Proxy trap that
// throws): the value's own issues, or, should reading it succeed, what the check said.
function unwalkable(args: unknown): { ok: false; issues: ValidationIssue[] } {
  const read = readArguments(args);
  if (!read.ok) return read;
  return { ok: false, issues: [{ path: '', message: 'could not be checked against the schema', keyword: 'schema' }] };
}

function remember(schema: TObject): void {
  // Compile first: should it throw, `last` still describes the previous schema.
  last.result = resultFunction(compileValidator(schema));
  last.schema = schema;
}
