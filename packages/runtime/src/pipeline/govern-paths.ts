import type { PathAccess } from '@wesgine/schema';
import { hardlinePath } from '../governance/hardline-paths.js';
import { containPath, resolveArgument } from '../governance/sandbox-path.js';
import type { CallScope } from './call-scope.js';
import { type Refusal, refuse } from './refusal.js';

/** A path argument both stages allowed, in its two forms. */
export interface JudgedPath {
  readonly lexical: string;
  readonly real: string;
}

/**
 * One path through Hardline and Sandbox: the text is checked and resolved (lexically, then through every
 * symlink), Hardline judges both forms, then the Sandbox's containment in the allowed roots. `what`
 * names the path in messages when it is not an argument of its own (a redirection target).
 */
export function governPath(scope: CallScope, input: string, access: PathAccess, what = ''): JudgedPath | Refusal {
  const both = resolveArgument(input, access, scope.roots.workDir);
  if (!both.allow) return refuse('sandbox', both.code, `Not allowed: ${what}${both.reason}.`);
  const hardline = hardlinePath(both, access);
  if (!hardline.allow) {
    const refusal = refuse('hardline', hardline.code, `Not allowed: ${what}${hardline.reason}.`, hardline.rule);
    return { ...refusal, judged: [`path:${both.real}`] };
  }
  const contained = containPath(input, both, access, scope.preparedRoots);
  if (!contained.allow) {
    return {
      ...refuse('sandbox', contained.code, `Not allowed: ${what}${contained.reason}.`),
      judged: [`path:${both.real}`],
    };
  }
  return { lexical: contained.lexical, real: contained.real };
}
