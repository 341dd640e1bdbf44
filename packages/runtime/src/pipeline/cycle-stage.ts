import { resolve } from 'node:path';
import { valuesAt } from '@wesgine/schema';
import type { CycleCall, CycleVerdict } from '../cycle/cycle-detector.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';

/**
 * Step 3: the CycleDetector's verdict on this call. Targets are the tool's path arguments resolved
 * against the work folder (lexically: this runs before the Sandbox, so nothing is touched yet).
 */
export function cycleStage(
  scope: CallScope,
  tool: RegisteredTool,
  args: unknown,
): { call: CycleCall; verdict: CycleVerdict } {
  const targets: string[] = [];
  for (const marked of tool.marked) {
    if (marked.kind !== 'path') continue;
    for (const [, value] of valuesAt(args, marked.pointer)) {
      if (typeof value === 'string') targets.push(resolve(scope.roots.workDir, value));
    }
  }
  const call: CycleCall = {
    tool: tool.definition.name,
    args,
    category: scope.categoryOf(tool),
    progressAware: scope.progressAwareOf(tool),
    ...(targets.length === 0 ? {} : { targets }),
  };
  return { call, verdict: scope.detector.before(call) };
}
