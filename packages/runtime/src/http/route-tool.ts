import type { DialectName } from '@wesgine/schema';
import type { Cell } from '../engine/cell.js';
import type { Run } from '../engine/run.js';
import { toolsByProviderName } from '../pipeline/provider-names.js';

/**
 * Whether the route's `:name` names a tool: its own name or an alias in the cell, or the provider name
 * of exactly one tool the run may call (as the resolve stage takes it). An `unknown_tool` result for a
 * name that does is the tool's own answer (a sub-agent calling a missing tool), not a missing route.
 */
export function routeNamesTool(cell: Cell, run: Run, name: string, dialect: DialectName | undefined): boolean {
  if (cell.cellTool(name) !== undefined || cell.engineTool(name) !== undefined) return true;
  const names = run.tools().map((tool) => tool.name);
  return toolsByProviderName(name, names, dialect).length === 1;
}
