import { closeNames } from '../registry/close-names.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { type Refusal, refuse } from './refusal.js';

/** Step 1: the tool by name, among those this run may see; an unknown name lists the close ones. */
export function resolveStage(scope: CallScope, name: string): RegisteredTool | Refusal {
  const tool = typeof name === 'string' ? scope.lookup(name) : undefined;
  if (tool !== undefined) return tool;
  const close = closeNames(String(name), scope.visibleNames());
  const hint = close.length === 0 ? '' : `; did you mean ${close.map((item) => `'${item}'`).join(', ')}?`;
  return refuse('resolve', 'unknown_tool', `There is no tool named '${String(name)}'${hint}`);
}
