import type { TObject } from '@sinclair/typebox';
import { compileValidator, type Validator } from './compile-validator.js';
import { issueList } from './format-issues.js';

/**
 * What is wrong with the first example whose `args` do not match `parameters`, or `undefined` when all
 * match. Examples end up in docs and prompts, where a wrong one teaches the model a wrong call.
 */
export function exampleProblem(
  parameters: TObject,
  examples: readonly { readonly args: unknown }[],
): string | undefined {
  if (examples.length === 0) return undefined;
  let validator: Validator;
  try {
    validator = compileValidator(parameters);
  } catch (error) {
    return `the examples cannot be checked: ${error instanceof Error ? error.message : String(error)}`;
  }
  for (const [index, example] of examples.entries()) {
    const issues = validator.errors((example as { readonly args?: unknown } | undefined)?.args);
    if (issues.length === 0) continue;
    return `examples[${index}] does not match the parameters ${issueList(issues)}`;
  }
  return undefined;
}
