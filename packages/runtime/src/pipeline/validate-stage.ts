import { formatIssues, readArguments } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { type Refusal, refuse } from './refusal.js';

/** The arguments every later stage and the handler see: a plain JSON copy, read once. */
export interface CheckedArguments {
  readonly args: unknown;
}

/**
 * Step 2: the arguments are read once into plain JSON data (bounded depth and size, no cycles, getters
 * and Proxies read once, nothing JSON cannot carry), then the compiled check runs on that copy; every
 * issue, with its JSON pointer, in one message the model can act on. Later stages and the handler get
 * the copy, so what was checked is what runs.
 */
export function validateStage(tool: RegisteredTool, given: unknown): CheckedArguments | Refusal {
  const read = readArguments(given);
  if (!read.ok) return invalid(tool, read.issues);
  if (tool.validator.check(read.value)) return { args: read.value };
  return invalid(tool, tool.validator.issuesOfRejected(read.value));
}

function invalid(tool: RegisteredTool, issues: Parameters<typeof formatIssues>[1]): Refusal {
  return refuse('validate', 'invalid_arguments', formatIssues(tool.definition.name, issues));
}
