import { resolve } from 'node:path';
import type { ToolCategory } from '@wesgine/schema';
import type { CycleCall, CycleVerdict } from '../cycle/cycle-detector.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import type { MarkedArguments } from './marked-arguments.js';

/**
 * Step 3: the CycleDetector's verdict on this call. Targets are the tool's path arguments resolved
 * against the work folder (lexically: this runs before the Sandbox, so nothing is touched yet) and its
 * URL arguments as given: failures at two different addresses are not "the same target".
 */
export function cycleStage(
  scope: CallScope,
  tool: RegisteredTool,
  args: unknown,
  marked: MarkedArguments,
  category: ToolCategory,
): { call: CycleCall; verdict: CycleVerdict } {
  const targets = [
    ...marked.paths.map((path) => resolve(scope.roots.workDir, path.value)),
    ...marked.urls.map((url) => url.value),
  ];
  const call: CycleCall = {
    tool: tool.definition.name,
    args,
    category,
    progressAware: scope.progressAwareOf(tool),
    ...(targets.length === 0 ? {} : { targets }),
  };
  return { call, verdict: scope.detector.before(call) };
}
