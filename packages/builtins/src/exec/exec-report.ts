// What the model reads of one command: exit code, wall time, notes on how it ended, then the output.
import { relative, sep } from 'node:path';
import { type ShownOutput, shownOutput } from './head-tail-cut.js';
import type { CapturedOutput } from './output-capture.js';
import type { CommandOutcome } from './run-command.js';

/** The structured side of an exec result, for callers other than the model. */
export interface ExecData {
  readonly exitCode: number;
  readonly signal?: string;
  readonly timedOut: boolean;
  readonly wallMs: number;
  readonly outputLines: number;
  readonly outputChars: number;
  readonly truncated: boolean;
  readonly fullOutput?: string;
  /** Real paths the command made where it may not write, removed again by the sandbox. */
  readonly removed?: readonly string[];
}

function ending(outcome: CommandOutcome, timeoutMs: number): string | undefined {
  if (outcome.timedOut) {
    return `The command timed out after ${timeoutMs} ms and was stopped, with every process it started. Give a larger timeout_ms (at most 600000) if it needs longer, or run less at once.`;
  }
  if (outcome.signal !== undefined) return `The command was ended by signal ${outcome.signal}.`;
  return undefined;
}

/** The text and data of one finished command; `workDir` shortens the paths the sandbox undid. */
export function execReport(
  outcome: CommandOutcome,
  output: CapturedOutput,
  timeoutMs: number,
  workDir: string,
): { text: string; data: ExecData } {
  const shown: ShownOutput = shownOutput(output);
  const lines = [`Exit code: ${outcome.exitCode}`, `Wall time: ${(outcome.wallMs / 1000).toFixed(1)} seconds`];
  const note = ending(outcome, timeoutMs);
  if (note !== undefined) lines.push(note);
  if (outcome.removed.length > 0) {
    const shownPaths = outcome.removed.map((path) => (isInside(path, workDir) ? relative(workDir, path) : path));
    lines.push(
      `The command made what no tool may write here, and it was removed again: ${shownPaths.join(', ')}. Git runs hooks and its config, editors, shells and CI run such files, and agents' own settings are closed; ask the person to make the change if it is needed.`,
    );
  }
  if (shown.cut) lines.push(`Total output lines: ${output.lines}`);
  lines.push(output.chars === 0 ? 'Output: (none)' : `Output:\n${shown.text}`);
  return {
    text: lines.join('\n'),
    data: {
      exitCode: outcome.exitCode,
      ...(outcome.signal === undefined ? {} : { signal: outcome.signal }),
      timedOut: outcome.timedOut,
      wallMs: Math.round(outcome.wallMs),
      outputLines: output.lines,
      outputChars: output.chars,
      truncated: shown.cut,
      ...(outcome.removed.length === 0 ? {} : { removed: outcome.removed }),
      ...(output.spillPath === undefined ? {} : { fullOutput: output.spillPath }),
    },
  };
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}
