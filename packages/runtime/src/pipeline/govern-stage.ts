import { valuesAt } from '@wesgine/schema';
import { hardlinePath } from '../governance/hardline-paths.js';
import { containPath, resolveArgument } from '../governance/sandbox-path.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { type Refusal, refuse } from './refusal.js';

/**
 * Step 4: Hardline (on the lexical and the real path), then Sandbox, for every argument the schema marks as a path. Returns the resolved
 * real paths by JSON pointer (what the handler gets in `context.resolvedPaths`), or the first refusal.
 * The Zone stage joins here with the policy files.
 */
export function governStage(scope: CallScope, tool: RegisteredTool, args: unknown): Map<string, string> | Refusal {
  const resolved = new Map<string, string>();
  for (const marked of tool.marked) {
    if (marked.kind !== 'path') continue;
    for (const [pointer, value] of valuesAt(args, marked.pointer)) {
      if (typeof value !== 'string') continue;
      const paths = resolveArgument(value, marked.access, scope.roots.workDir);
      if (!paths.allow) return refuse('sandbox', paths.code, `Not allowed: ${paths.reason}.`);
      const hardline = hardlinePath(paths, marked.access);
      if (!hardline.allow) return refuse('hardline', hardline.code, `Not allowed: ${hardline.reason}.`, hardline.rule);
      const contained = containPath(value, paths, marked.access, scope.preparedRoots);
      if (!contained.allow) return refuse('sandbox', contained.code, `Not allowed: ${contained.reason}.`);
      resolved.set(pointer, contained.real);
    }
  }
  return resolved;
}
