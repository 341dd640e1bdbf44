const MARKER = Symbol.for('wesgine.codegen-error');

/** One thing wrong with a pack, tied to the file (pack-relative, posix) and, when known, the tool. */
export interface CodegenProblem {
  readonly file: string;
  readonly tool?: string;
  readonly message: string;
}

/**
 * Codegen could not do its job for a reason the pack's author can fix: a definition that does not load,
 * a strict tool that cannot be strict, a handler that no longer matches its types, a broken docs page.
 * Carries every problem found, not only the first. Tell it apart with `CodegenError.isInstance`.
 */
export class CodegenError extends Error {
  readonly [MARKER] = true;
  readonly problems: readonly CodegenProblem[];

  constructor(problems: readonly CodegenProblem[]) {
    super(problems.map((problem) => `${problem.file}: ${problem.message}`).join('\n'));
    this.name = 'CodegenError';
    this.problems = Object.freeze([...problems]);
  }

  static isInstance(value: unknown): value is CodegenError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** A problem, with `tool` left out when it is unknown (`exactOptionalPropertyTypes` forbids `tool: undefined`). */
export function problem(file: string, tool: string | undefined, message: string): CodegenProblem {
  return tool === undefined ? { file, message } : { file, tool, message };
}
