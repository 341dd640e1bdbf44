import type { CodegenProblem } from '../errors.js';
import type { CliIo } from './io.js';

/** One problem as a line: the file first, then the tool it concerns, then what is wrong. */
export function formatProblem(problem: CodegenProblem): string {
  return problem.tool === undefined
    ? `${problem.file}: ${problem.message}`
    : `${problem.file} (tool '${problem.tool}'): ${problem.message}`;
}

/** Prints each problem as `error: <pack folder>/<file> ...`; the folder is left out for the current one. */
export function printProblems(io: CliIo, where: string, problems: readonly CodegenProblem[]): void {
  const prefix = where === '.' ? '' : `${where}/`;
  for (const problem of problems) io.err(`error: ${prefix}${formatProblem(problem)}`);
}
