/** The parsed command line: one command, its positionals, and `--flag` / `--flag value` options. */
export interface ParsedArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly flags: ReadonlyMap<string, string | true>;
  /** Every value of a repeatable flag, in the order given (`--header A: 1 --header B: 2`). */
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

export interface FlagSpec {
  /** Flags that take a value (`--pack DIR` or `--pack=DIR`); every other flag is a switch. */
  readonly withValue: readonly string[];
  readonly switches: readonly string[];
  /** Flags with a value that may be given more than once; any other flag given twice is a mistake. */
  readonly repeatable?: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parses argv without guessing: an unknown flag or a missing value is a `UsageError`. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
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
    const repeatable = spec.repeatable?.includes(name) === true;
    if (flags.has(name) && !repeatable) throw new UsageError(`--${name} is given twice; give it once`);
    if (spec.withValue.includes(name)) {
      const value = inlineValue ?? argv[++index];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
      if (repeatable) lists.set(name, [...(lists.get(name) ?? []), value]);
    } else if (spec.switches.includes(name)) {
      if (inlineValue !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option ${argument}`);
    }
  }
  const [command, ...rest] = positionals;
  return { command, positionals: rest, flags, lists };
}

function shortFlag(name: string): string {
  if (name === 'h') return 'help';
  if (name === 'v') return 'version';
  return name;
}
