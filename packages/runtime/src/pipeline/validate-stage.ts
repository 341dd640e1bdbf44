import { formatIssues } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { type Refusal, refuse } from './refusal.js';

/** Step 2: the compiled check; every issue, with its JSON pointer, in one message the model can act on. */
export function validateStage(tool: RegisteredTool, args: unknown): Refusal | undefined {
  if (tool.validator.check(args)) return undefined;
  const issues = tool.validator.errors(args);
  return refuse('validate', 'invalid_arguments', formatIssues(tool.definition.name, issues));
}
