import type { ToolCategory } from '@wesgine/schema';
import { hardlinePath } from '../governance/hardline-paths.js';
import { containPath } from '../governance/sandbox-path.js';
import type { CallScope } from './call-scope.js';

/**
 * `context.mayRead`: a file a tool found on its own (a search hit), as a real path, judged for reading
 * without touching the disk: Hardline, the Sandbox's allowed and denied roots, then the Zone, where
 * `ask` counts as no (nobody is asked about each hit).
 */
export function mayRead(scope: CallScope, tool: string, category: ToolCategory, real: string): boolean {
  const both = { lexical: real, real };
  if (!hardlinePath(both, 'read').allow) return false;
  if (!containPath(real, both, 'read', scope.preparedRoots).allow) return false;
  const { zone } = scope;
  if (zone === undefined) return true;
  return zone.decide({ tool, category, workDir: scope.roots.workDir, paths: [both] }).effect === 'allow';
}
