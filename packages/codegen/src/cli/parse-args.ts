/** The parsed command line: one command, its positionals, and `--flag` / `--flag value` options. */
export interface ParsedArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly flags: ReadonlyMap<string, string | true>;
}

export interface FlagSpec {
  /** Flags that take a value (`--pack DIR` or `--pack=DIR`); every other flag is a switch. */
  readonly withValue: readonly string[];
  readonly switches: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parses argv without guessing: an unknown flag or a missing value is a `UsageError`. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!argument.startsWith('-') || argument === '-') {
      positionals.push(argument);
      continue;
    }
    const [rawName = '', inlineValue] = argument.replace(/^--?/, '').split(/=(.*)/s, 2);
    const name = argument.startsWith('--') ? rawName : shortFlag(rawName);
    if (spec.withValue.includes(name)) {
      const value = inlineValue ?? argv[++index];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else if (spec.switches.includes(name)) {
      if (inlineValue !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option ${argument}`);
    }
  }
  const [command, ...rest] = positionals;
  return { command, positionals: rest, flags };
}

function shortFlag(name: string): string {
  if (name === 'h') return 'help';
  if (name === 'v') return 'version';
  return name;
}
