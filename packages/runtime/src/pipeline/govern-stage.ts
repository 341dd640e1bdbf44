import { hardlinePath } from '../governance/hardline-paths.js';
import { containPath, resolveArgument } from '../governance/sandbox-path.js';
import type { CallScope } from './call-scope.js';
import type { PathArgument } from './path-arguments.js';
import { type Refusal, refuse } from './refusal.js';

/**
 * Step 4: Hardline (on the lexical and the real path), then Sandbox, for every argument the schema
 * marks as a path. Returns the resolved real paths by JSON pointer (what the handler gets in `context.resolvedPaths`), or the first refusal.
 * The Zone stage joins here with the policy files.
 */
export function governStage(scope: CallScope, paths: readonly PathArgument[]): Map<string, string> | Refusal {
  const resolved = new Map<string, string>();
  for (const { pointer, value, access } of paths) {
    const both = resolveArgument(value, access, scope.roots.workDir);
    if (!both.allow) return refuse('sandbox', both.code, `Not allowed: ${both.reason}.`);
    const hardline = hardlinePath(both, access);
    if (!hardline.allow) return refuse('hardline', hardline.code, `Not allowed: ${hardline.reason}.`, hardline.rule);
    const contained = containPath(value, both, access, scope.preparedRoots);
    if (!contained.allow) return refuse('sandbox', contained.code, `Not allowed: ${contained.reason}.`);
    resolved.set(pointer, contained.real);
  }
  return resolved;
}
