import { posix } from 'node:path';
import { hardlineCommands } from '../governance/hardline-commands.js';
import { analyzeCommand } from '../governance/shell/analyze-command.js';
import type { CallScope } from './call-scope.js';
import { governPath, type JudgedPath } from './govern-paths.js';
import type { Question } from './question.js';
import { isRefusal, type Refusal, refuse } from './refusal.js';

/** A command line both stages let through, possibly with a question for a human. */
export interface JudgedCommand {
  /** Every sub-command's argv, those of code handed to another shell (`bash -c '..'`) after the line's own. */
  readonly argvs: readonly (readonly string[])[];
  /** Redirection targets and `cd` folders, resolved: the Zone judges them like path arguments. */
  readonly paths: readonly JudgedPath[];
  readonly question: Question | undefined;
  /**
   * The line as bash reads it, for the CycleDetector's key: its structure, each command's argv,
   * assignments and redirections (targets lexically normalised), and the real paths judged. Spacing,
   * quoting and comments do not change it.
   */
  readonly canonical: string;
}

/**
 * One `Command()` argument through Hardline and Sandbox: parsed into its sub-commands (wrappers
 * removed), Hardline's catastrophic-command rules, then the Sandbox's judgement of the line (what it
 * cannot see through is a question, what it cannot parse is refused) and of every redirection target
 * and `cd` folder as a path.
 */
export function governCommand(scope: CallScope, text: string): JudgedCommand | Refusal {
  const analysis = analyzeCommand(text);
  const hardline = hardlineCommands([...analysis.commands, ...analysis.nested]);
  if (hardline.effect === 'deny') {
    return refuse('hardline', hardline.code, `Not allowed: ${hardline.reason}`, hardline.rule);
  }
  const { verdict } = analysis;
  if (verdict.effect === 'deny') return refuse('sandbox', verdict.code, `Not allowed: ${verdict.reason}`, verdict.rule);
  const paths: JudgedPath[] = [];
  for (const path of analysis.paths) {
    if (path.value === '/dev/null') continue;
    const what = path.why === 'cd' ? 'the command changes into a folder: ' : 'the command redirects to a file: ';
    const judged = governPath(scope, path.value, path.access, what);
    if (isRefusal(judged)) return judged;
    paths.push(judged);
  }
  const commands = analysis.commands.map(({ argv, assignments, redirects, dynamicWords }) => [
    argv,
    assignments,
    redirects.map(({ op, target }) => [op, normalTarget(target)]),
    dynamicWords ?? [],
  ]);
  return {
    canonical: JSON.stringify([analysis.shape, commands, paths.map((path) => path.real)]),
    argvs: [...analysis.commands, ...analysis.nested].map((command) => command.argv),
    paths,
    question:
      verdict.effect === 'ask' ? { stage: 'sandbox', rule: verdict.rule, question: verdict.question } : undefined,
  };
}

/** `./f`, `sub/../f` and `f/` are `f`. */
function normalTarget(target: string): string {
  if (target === '') return target;
  const normal = posix.normalize(target);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}
