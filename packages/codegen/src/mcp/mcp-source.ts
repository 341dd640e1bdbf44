/**
 * How to reach an MCP server: a command to start (stdio) or an address (Streamable HTTP). `cwd` is
 * where the command starts, absolute here; the import record keeps it relative to the generated file.
 */
export type McpSource =
  | {
      readonly transport: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly cwd: string;
    }
  | { readonly transport: 'http'; readonly url: string };

/** The command line of a stdio source as a person would type it, each argument quoted when it needs it. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(shellQuote).join(' ');
}

/** One word for a POSIX shell: left as it is when it has only safe characters, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
