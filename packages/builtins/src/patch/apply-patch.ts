import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { ApplyPatchArgs } from '../../generated/types.gen.js';
import { commitSeen } from '../files/after-write.js';
import { withFileLocks } from '../fs/file-locks.js';
import { parsePatch } from './parse-patch.js';
import { patchTargets } from './patch-targets.js';
import { planChanges, type SummaryLine } from './plan-changes.js';

/**
 * Applies a patch in the Codex format, all or nothing: every path was checked by governance before the
 * call, every new content is computed before anything is written, and one commit writes them all (or
 * puts everything back). Each written file then counts as read in the session, so `edit` may follow.
 */
export const runApplyPatch: ToolHandler<ApplyPatchArgs> = async (args, context) => {
  const parsed = parsePatch(args.input);
  if (!parsed.ok) throw new ToolError('patch_invalid', `${parsed.message} Nothing was changed.`);
  const targets = patchTargets(parsed.sections, context);
  const reals = [...targets.values()].map((target) => target.real);
  return withFileLocks(reals, async () => {
    const plan = await planChanges(parsed.sections, targets, context.workDir);
    await commitSeen(context.session, plan.changes);
    return summarise(plan.summary);
  });
};

/** Added, then modified, then deleted files, each group in the patch's order. */
function summarise(lines: readonly SummaryLine[]): string {
  const order = ['A', 'M', 'D'] as const;
  const sorted = order.flatMap((mark) => lines.filter((line) => line.mark === mark));
  const count = (mark: SummaryLine['mark'], word: string) => {
    const n = lines.filter((line) => line.mark === mark).length;
    return n === 0 ? [] : [`${n} ${word}`];
  };
  const counts = [...count('A', 'added'), ...count('M', 'modified'), ...count('D', 'deleted')].join(', ');
  return `Patch applied (${counts}):\n${sorted.map((line) => `${line.mark} ${line.text}`).join('\n')}`;
}
