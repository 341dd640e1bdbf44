/**
 * One simple command of a parsed command line: its words after quote removal, with known wrappers
 * (`timeout`, `nice`, `env`, ...) already taken off, the variable assignments before it and its
 * redirections. `argv[0]` is the program.
 */
export interface SimpleCommand {
  readonly argv: readonly string[];
  readonly assignments: readonly { readonly name: string; readonly value: string }[];
  readonly redirects: readonly { readonly op: string; readonly target: string }[];
  /**
   * Indexes into `argv` of the words bash still expands when it runs: a parameter (`$HOME`, `${x}`),
   * a substitution, a leading `~`, pathname patterns (`*.ts`) or a brace sequence (`{1..3}`). Such a
   * word keeps its text after quote removal (`"$HOME"/x` is `$HOME/x`), not its value, and may become
   * several words or none. Absent when every word is static.
   */
  readonly dynamicWords?: readonly number[];
}
