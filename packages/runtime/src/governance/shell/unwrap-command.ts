import { type CommandWord, wordsText } from './command-word.js';
import { snippet } from './shell-finding.js';

/** What the Sandbox asks about while taking wrappers off. */
export interface UnwrapFinding {
  readonly rule: string;
  readonly message: string;
}

export interface UnwrappedCommand {
  readonly words: readonly CommandWord[];
  /** Assignments given to `env`, in order; `substituted` when the value holds a substitution. */
  readonly assignments: readonly { readonly name: string; readonly value: string; readonly substituted: boolean }[];
  /** The wrappers taken off, outermost first. */
  readonly wrappers: readonly string[];
  readonly findings: readonly UnwrapFinding[];
}

interface WrapperSpec {
  /** Options without an argument; a cluster of them (`-EH`) is read letter by letter. */
  readonly flags: readonly string[];
  /** Options taking the next word, or the rest of the word (`-oL`, `--signal=KILL`). */
  readonly withArgument: readonly string[];
  /** Words after the options and before the command (the duration of `timeout`). */
  readonly operands?: number;
  /** Options that mean the wrapper runs no command (`command -v`). */
  readonly noCommand?: readonly string[];
  /** Runs the command with other privileges: asked about. */
  readonly privileged?: boolean;
  /** A shell builtin rather than a program: found only by its bare name. */
  readonly builtin?: boolean;
  /** Accepts digits as an option (`nice -10`). */
  readonly numericOption?: boolean;
}

const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  timeout: {
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    withArgument: ['-s', '--signal', '-k', '--kill-after'],
    operands: 1,
  },
  nice: { flags: [], withArgument: ['-n', '--adjustment'], numericOption: true },
  nohup: { flags: [], withArgument: [] },
  stdbuf: { flags: [], withArgument: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  setsid: { flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'], withArgument: [] },
  ionice: {
    flags: ['-t', '--ignore'],
    withArgument: ['-c', '--class', '-n', '--classdata'],
    noCommand: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'],
  },
  noglob: { flags: [], withArgument: [] },
  busybox: { flags: [], withArgument: [] },
  time: { flags: ['-p'], withArgument: [] },
  command: { flags: ['-p'], withArgument: [], noCommand: ['-v', '-V'], builtin: true },
  builtin: { flags: [], withArgument: [], builtin: true },
  exec: { flags: ['-c', '-l'], withArgument: ['-a'], builtin: true },
  sudo: {
    flags: ['-A', '-b', '-E', '-H', '-n', '-P', '-S', '-k', '--preserve-env', '--non-interactive', '--set-home'],
    withArgument: ['-u', '--user', '-g', '--group', '-C', '-D', '--chdir', '-h', '--host', '-p', '--prompt'],
    noCommand: ['-l', '--list', '-v', '--validate', '-e', '--edit', '-K', '-V', '--version'],
    privileged: true,
  },
  doas: { flags: ['-n', '-s'], withArgument: ['-u', '-C'], privileged: true },
};

const TRUSTED_FOLDERS = ['/bin/', '/usr/bin/', '/usr/local/bin/', '/sbin/', '/usr/sbin/'];
const ENV_FLAGS = ['-i', '-', '--ignore-environment', '-0', '--null', '-v', '--debug'];
const ENV_SIGNALS = ['--block-signal', '--default-signal', '--ignore-signal'];
const ENV_NAME = /^[^=]+=/;

/** The wrapper a program name stands for: a bare name, or a program in the system folders. */
function wrapperName(word: CommandWord): string | undefined {
  if (word.expansions.length > 0) return undefined;
  const { value } = word;
  if (!value.includes('/')) return Object.hasOwn(WRAPPERS, value) || value === 'env' ? value : undefined;
  const folder = TRUSTED_FOLDERS.find(
    (prefix) => value.startsWith(prefix) && !value.slice(prefix.length).includes('/'),
  );
  if (folder === undefined) return undefined;
  const name = value.slice(folder.length);
  return (Object.hasOwn(WRAPPERS, name) && WRAPPERS[name]?.builtin !== true) || name === 'env' ? name : undefined;
}

type Step =
  | { readonly kind: 'command'; readonly at: number; readonly assignments?: UnwrappedCommand['assignments'] }
  | { readonly kind: 'none' }
  | { readonly kind: 'stop'; readonly finding: UnwrapFinding };

function unknownOption(wrapper: string, option: string, words: readonly CommandWord[]): Step {
  return {
    kind: 'stop',
    finding: {
      rule: 'wrapper-option',
      message: `The wrapper ${snippet(wrapper)} is given the option ${snippet(option)}, which the analysis does not know, so the command it runs cannot be found in ${snippet(wordsText(words))}.`,
    },
  };
}

function takesArgument(spec: WrapperSpec, option: string): 'next' | 'attached' | undefined {
  if (spec.withArgument.includes(option)) return 'next';
  const equals = option.indexOf('=');
  if (option.startsWith('--') && equals !== -1 && spec.withArgument.includes(option.slice(0, equals)))
    return 'attached';
  if (!option.startsWith('--') && option.length > 2 && spec.withArgument.includes(option.slice(0, 2)))
    return 'attached';
  return undefined;
}

function isFlagCluster(spec: WrapperSpec, option: string): boolean {
  if (spec.flags.includes(option)) return true;
  if (option.startsWith('--') || option.length < 3) return false;
  return [...option.slice(1)].every((letter) => spec.flags.includes(`-${letter}`));
}

function step(name: string, spec: WrapperSpec, words: readonly CommandWord[]): Step {
  let index = 1;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') {
      index++;
      break;
    }
    if (!option.startsWith('-') || option === '-') break;
    if (spec.noCommand?.includes(option)) return { kind: 'none' };
    if (isFlagCluster(spec, option) || (spec.numericOption === true && /^-[0-9]+$/.test(option))) continue;
    const argument = takesArgument(spec, option);
    if (argument === undefined) return unknownOption(name, option, words);
    if (argument === 'next') index++;
  }
  index += spec.operands ?? 0;
  return index < words.length ? { kind: 'command', at: index } : { kind: 'none' };
}

function envStep(words: readonly CommandWord[]): Step {
  let index = 1;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') {
      index++;
      break;
    }
    if (!option.startsWith('-')) break;
    if (option === '-S' || option.startsWith('-S') || option.startsWith('--split-string')) {
      return {
        kind: 'stop',
        finding: {
          rule: 'env-split-string',
          message: `${snippet(`env ${option}`)} splits a string into a command line of its own, which the analysis cannot see: ${snippet(wordsText(words))}.`,
        },
      };
    }
    if (
      ENV_FLAGS.includes(option) ||
      ENV_SIGNALS.some((signal) => option === signal || option.startsWith(`${signal}=`))
    ) {
      continue;
    }
    if (option === '-u' || option === '--unset') index++;
    else if (!option.startsWith('-u') && !option.startsWith('--unset=')) return unknownOption('env', option, words);
  }
  const assignments: UnwrappedCommand['assignments'][number][] = [];
  for (; index < words.length && ENV_NAME.test((words[index] as CommandWord).value); index++) {
    const { value, expansions } = words[index] as CommandWord;
    const equals = value.indexOf('=');
    assignments.push({
      name: value.slice(0, equals),
      value: value.slice(equals + 1),
      substituted: expansions.includes('substitution'),
    });
  }
  return index < words.length ? { kind: 'command', at: index, assignments } : { kind: 'none' };
}

/**
 * Takes known wrappers off a command: `timeout`, `nice`, `nohup`, `stdbuf`, `setsid`, `ionice`, `env`,
 * `noglob`, `busybox`, `time`, `command`, `builtin`, `exec`, `sudo` and `doas`, each with the options it
 * accepts, repeatedly. A wrapper called with an option it does not know is left on, with a finding; so
 * are `exec`, `sudo` and `doas` findings (they are taken off so that the command they run is judged too).
 */
export function unwrapCommand(words: readonly CommandWord[]): UnwrappedCommand {
  let rest = words;
  const assignments: UnwrappedCommand['assignments'][number][] = [];
  const wrappers: string[] = [];
  const findings: UnwrapFinding[] = [];
  for (;;) {
    const first = rest[0];
    const name = first === undefined ? undefined : wrapperName(first);
    if (name === undefined) break;
    const spec = WRAPPERS[name];
    const next = spec === undefined ? envStep(rest) : step(name, spec, rest);
    if (next.kind === 'stop') findings.push(next.finding);
    if (next.kind !== 'command') break;
    if (spec?.privileged === true) {
      findings.push({
        rule: 'privilege-escalation',
        message: `${snippet(name)} runs a command with other privileges: ${snippet(wordsText(rest))}.`,
      });
    } else if (name === 'exec') {
      findings.push({
        rule: 'exec',
        message: `\`exec\` replaces the shell with the program it runs: ${snippet(wordsText(rest))}.`,
      });
    }
    assignments.push(...(next.assignments ?? []));
    wrappers.push(name);
    rest = rest.slice(next.at);
  }
  return { words: rest, assignments, wrappers, findings };
}
