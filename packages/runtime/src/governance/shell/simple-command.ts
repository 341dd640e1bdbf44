/**
 * One simple command of a parsed command line: its words after quote removal, with known wrappers
 * (`timeout`, `nice`, `env`, ...) already taken off, the variable assignments before it and its
 * redirections. `argv[0]` is the program.
 */
export interface SimpleCommand {
  readonly argv: readonly string[];
  readonly assignments: readonly { readonly name: string; readonly value: string }[];
  readonly redirects: readonly { readonly op: string; readonly target: string }[];
}
