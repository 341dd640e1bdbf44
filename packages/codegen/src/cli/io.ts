/** Where a command writes and where it runs; tests pass their own. */
export interface CliIo {
  readonly cwd: string;
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
