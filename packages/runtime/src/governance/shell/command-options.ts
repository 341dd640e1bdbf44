/** The options and operands of a command as GNU tools read them. */
export interface CommandOptions {
  /** Short options as `-x`, one per letter; long options by their full name (`--recursive`). */
  readonly options: readonly string[];
  readonly operands: readonly string[];
}

export interface OptionSpec {
  /** The long options the program knows; an unambiguous prefix (`--rec`) stands for the option. */
  readonly long: readonly string[];
  /** Short options that take an argument (the rest of the cluster or the next word). */
  readonly shortWithArgument?: string;
  /** Long options that take an argument (`--mode=x` or `--mode x`). */
  readonly longWithArgument?: readonly string[];
}

function longName(option: string, spec: OptionSpec): string {
  const name = option.split('=', 1)[0] as string;
  if (spec.long.includes(name)) return name;
  const matches = spec.long.filter((candidate) => candidate.startsWith(name));
  return matches.length === 1 ? (matches[0] as string) : name;
}

/**
 * Splits a command's arguments (without the program) into options and operands, the way GNU getopt
 * does: options may come after operands, `--` ends them, clusters such as `-rf` are split, and long
 * options may be abbreviated.
 */
export function readOptions(args: readonly string[], spec: OptionSpec): CommandOptions {
  const options: string[] = [];
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const name = longName(arg, spec);
      options.push(name);
      if (!arg.includes('=') && spec.longWithArgument?.includes(name)) index++;
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let letter = 1; letter < arg.length; letter++) {
        const short = arg.charAt(letter);
        options.push(`-${short}`);
        if (spec.shortWithArgument?.includes(short)) {
          if (letter === arg.length - 1) index++;
          break;
        }
      }
    } else {
      operands.push(arg);
    }
  }
  return { options, operands };
}
