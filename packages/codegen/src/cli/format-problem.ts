/** One problem as a line: the file first, then the tool it concerns, then what is wrong. */
export function formatProblem(problem: {
  readonly file: string;
  readonly tool?: string;
  readonly message: string;
}): string {
  return problem.tool === undefined
    ? `${problem.file}: ${problem.message}`
    : `${problem.file} (tool '${problem.tool}'): ${problem.message}`;
}
