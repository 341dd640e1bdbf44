import { closeNames } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { type Refusal, refuse } from './refusal.js';

/**
 * Step 1: the tool by name, among those this run may see; a tool the run may not use here says why
 * (a delegating tool past the sub-agent depth limit), and an unknown name lists the close ones.
 */
export function resolveStage(scope: CallScope, name: unknown): RegisteredTool | Refusal {
  if (typeof name !== 'string') {
    return refuse(
      'resolve',
      'unknown_tool',
      `A tool name is a string, got ${typeof name === 'object' ? (name === null ? 'null' : 'an object') : `a ${typeof name}`}`,
    );
  }
  const tool = scope.lookup(name);
  if (tool !== undefined) return tool;
  const unavailable = scope.unavailable?.(name);
  if (unavailable !== undefined) return refuse('resolve', 'not_allowed', unavailable);
  const close = closeNames(name, scope.visibleNames());
  const hint = close.length === 0 ? '' : `; did you mean ${close.map((item) => `'${item}'`).join(', ')}?`;
  const shown = name.length > 128 ? `${name.slice(0, 128)}…` : name;
  return refuse('resolve', 'unknown_tool', `There is no tool named '${shown}'${hint}`);
}

/** The name for the audit record: the name given, or what it was when it was not a string. */
export function auditName(name: unknown): string {
  return typeof name === 'string' ? name : `(not a name: ${name === null ? 'null' : typeof name})`;
}
