import type { TObject } from '@sinclair/typebox';
import type { AnyToolDefinition, ArgsOf } from '../tool/define-tool.js';
import { compileValidator, type Validator } from './compile-validator.js';
import type { ValidationResult } from './validation-issue.js';

// The validator used last. A run usually calls the same tool again and again, and this check is
// cheaper than the WeakMap lookup it saves (which costs as much as the whole check of a small schema).
let lastSchema: TObject | undefined;
let lastValidator: Validator | undefined;
let lastCheck: Validator['check'] | undefined;

/**
 * Checks a tool call's arguments against the tool's parameters. Returns the arguments, typed, or every
 * issue found (each with a JSON pointer and a message the model can act on). Never throws for bad
 * arguments; compiles the schema on first use.
 */
export function validate<T extends AnyToolDefinition>(tool: T, args: unknown): ValidationResult<ArgsOf<T>> {
  const schema = tool.parameters;
  let validator = lastValidator;
  let check = lastCheck;
  if (schema !== lastSchema || validator === undefined || check === undefined) {
    validator = compileValidator(schema);
    check = validator.check;
    lastSchema = schema;
    lastValidator = validator;
    lastCheck = check;
  }
  if (check(args)) return { ok: true, value: args as ArgsOf<T> };
  return { ok: false, issues: validator.issuesOfRejected(args) };
}
