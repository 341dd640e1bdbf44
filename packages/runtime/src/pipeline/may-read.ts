import type { ToolCategory } from '@wesgine/schema';
import { hardlinePath } from '../governance/hardline-paths.js';
import { isInside } from '../governance/real-path.js';
import { containPath, type PreparedRoots } from '../governance/sandbox-path.js';
import type { CallScope } from './call-scope.js';

/**
 * `context.mayRead`: a file a tool found on its own (a search hit), as a real path, judged for reading
 * without touching the disk: Hardline, the Sandbox's allowed and denied roots, then the Zone, where
 * `ask` counts as no (nobody is asked about each hit).
 */
export function mayRead(scope: CallScope, tool: string, category: ToolCategory, real: string): boolean {
  return judgeFoundRead(scope, tool, category, real);
}

/** `mayRead` for what a cell finds outside any call (an adapter's indexer): the same judgement. */
export function judgeFoundRead(
  scope: Pick<CallScope, 'roots' | 'preparedRoots' | 'zone'>,
  tool: string,
  category: ToolCategory,
  real: string,
): boolean {
  const both = { lexical: lexicalOf(real, scope.preparedRoots), real };
  if (!hardlinePath(both, 'read').allow) return false;
  if (!containPath(real, both, 'read', scope.preparedRoots).allow) return false;
  const { zone } = scope;
  if (zone === undefined) return true;
  return zone.decide({ tool, category, workDir: scope.roots.workDir, paths: [both] }).effect === 'allow';
}

/**
 * The path a found file has under the allowed root it was found in, written as that root was given: a
 * root reached through a link (a workDir given through a symlink) has a lexical form other than its real
 * one, and a hit under the real folder is under the root as written too.
 */
function lexicalOf(real: string, roots: PreparedRoots): string {
  for (const root of roots.allowed) {
    if (root.real !== root.lexical && isInside(real, root.real)) return root.lexical + real.slice(root.real.length);
  }
  return real;
}
