/** Where a command writes and where it runs; tests pass their own. */
export interface CliIo {
  readonly cwd: string;
  out(line: string): void;
  err(line: string): void;
  /**
   * Progress for a person watching: one short line per step of a long command (`gen`, `check`), on
   * stderr. Absent when nobody is watching (stderr is not a terminal, or `CI` is set): the output is then
   * exactly the results, as scripts and tests read them.
   */
  step?(line: string): void;
}

/** True when stderr is a terminal and the environment is not CI (`CI` unset, empty, `0` or `false`). */
export function isTalkative(stderrIsTty: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return stderrIsTty === true && (ci === undefined || ci === '' || ci === '0' || ci.toLowerCase() === 'false');
}

export const processIo: CliIo = {
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  ...(isTalkative(process.stderr.isTTY, process.env)
    ? { step: (line: string) => process.stderr.write(`${line}\n`) }
    : {}),
};
