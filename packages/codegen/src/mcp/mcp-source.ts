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
  | {
      readonly transport: 'http';
      readonly url: string;
      /** Sent with every request; `${NAME}` in a value is the environment variable NAME, read at connect time. */
      readonly headers?: Readonly<Record<string, string>>;
    };

/**
 * The headers with each `${NAME}` replaced by the environment variable NAME, or a sentence naming the
 * header and the variable that is not set. What the record keeps is the unexpanded text, so a token
 * kept in the environment is never written into a generated file.
 */
export function expandHeaders(
  headers: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
): Record<string, string> | string {
  const expanded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    let missing: string | undefined;
    expanded[name] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, variable: string) => {
      const found = env[variable];
      if (found === undefined) missing ??= variable;
      return found ?? '';
    });
    if (missing !== undefined) return `the header ${name} uses the environment variable ${missing}, which is not set`;
  }
  return expanded;
}

/** The command line of a stdio source as a person would type it, each argument quoted when it needs it. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(shellQuote).join(' ');
}

/** One word for a POSIX shell: left as it is when it has only safe characters, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
