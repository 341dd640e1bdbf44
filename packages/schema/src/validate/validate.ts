import type { TObject } from '@sinclair/typebox';
import type { AnyToolDefinition, ArgsOf } from '../tool/define-tool.js';
import { compileValidator, resultFunction } from './compile-validator.js';
import type { ValidationResult } from './validation-issue.js';

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
 * arguments; compiles the schema on first use.
 */
export function validate<T extends AnyToolDefinition>(tool: T, args: unknown): ValidationResult<ArgsOf<T>> {
  const schema = tool.parameters;
  if (schema !== last.schema) remember(schema);
  return last.result(args) as ValidationResult<ArgsOf<T>>;
}

function remember(schema: TObject): void {
  // Compile first: should it throw, `last` still describes the previous schema.
  last.result = resultFunction(compileValidator(schema));
  last.schema = schema;
}
