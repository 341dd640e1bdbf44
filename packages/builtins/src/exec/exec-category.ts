import { analyzeCommand } from '@wesgine/runtime';
import type { ToolCategory } from '@wesgine/schema';
import { isReadOnlyCommand } from './read-only-commands.js';

/**
 * The category of one exec command line, for the cycle detector: `exploration` when bash would run only
 * commands on the read-only list (see `isReadOnlyCommand`), sub-commands of `;`, `&&`, `|`, subshells
 * and substitutions included; `action` otherwise. A line the Sandbox would not simply allow (one it
 * refuses or would ask a person about: substitutions, background jobs, `sudo`, function definitions...)
 * is an action too, whatever it runs.
 */
export function execCategory(command: string): ToolCategory {
  let analysis: ReturnType<typeof analyzeCommand>;
  try {
    analysis = analyzeCommand(command);
  } catch {
    return 'action';
  }
  if (analysis.verdict.effect !== 'allow' || analysis.commands.length === 0) return 'action';
  return analysis.commands.every(isReadOnlyCommand) ? 'exploration' : 'action';
}
