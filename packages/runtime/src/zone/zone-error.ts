const MARKER = Symbol.for('wesgine.zone-error');

/**
 * A zone policy that cannot be used as written. `problems` has one line per problem, each naming the file
 * (when the policy came from one), the rule (index and id) and the field; every problem found is listed,
 * not only the first. Tell it apart with `ZoneError.isInstance`, which survives two copies of the package.
 */
export class ZoneError extends Error {
  readonly [MARKER] = true;
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`The zone policy was rejected (${count}):\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'ZoneError';
    this.problems = problems;
  }

  static isInstance(value: unknown): value is ZoneError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
