import { type CommandWord, wordsText } from './command-word.js';
import { NODE_VALUE_OPTIONS, PYTHON_VALUE_OPTIONS } from './interpreter-options.js';
import { snippet } from './shell-finding.js';

/** How one interpreter takes its program. */
interface Interpreter {
  /** Whether an option word gives code inline (`-c`, `-e`, `--eval`, a cluster such as `-lc`). */
  readonly inline: (option: string) => boolean;
  /** Options whose argument is the next word (so that it is not taken for the script). */
  readonly withArgument: readonly string[];
  /** The program is the first operand (awk); `-f` names a file instead. */
  readonly programOperand?: boolean;
}

const cluster = (letters: string) => (option: string) =>
  /^-[A-Za-z]+$/.test(option) && [...option.slice(1)].some((letter) => letters.includes(letter));

const SHELL: Interpreter = {
  inline: (option) => cluster('c')(option) || option === '--command',
  withArgument: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'],
};

const PYTHON: Interpreter = {
  inline: (option) => cluster('c')(option),
  withArgument: PYTHON_VALUE_OPTIONS,
};

const NODE: Interpreter = {
  inline: (option) =>
    ['-e', '-p', '-pe', '-ep', '--eval', '--print'].includes(option) || /^--(eval|print)=/.test(option),
  withArgument: NODE_VALUE_OPTIONS,
};

/** Perl clusters end at an option that takes the rest of the word (`-Mstrict`, `-I lib`). */
function perlInline(option: string): boolean {
  if (!/^-[A-Za-z0-9]/.test(option)) return false;
  const letters = option.slice(1);
  for (let index = 0; index < letters.length; index++) {
    const letter = letters[index] as string;
    if (letter === 'e' || letter === 'E') return true;
    if (letter === '0' && letters[index + 1] === 'x') return false;
    if (letter === 'l' || letter === '0') {
      while (/^[0-7]$/.test(letters[index + 1] ?? '')) index++;
    } else if ('MmIxDdCi'.includes(letter)) {
      return false;
    }
  }
  return false;
}

const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  node: NODE,
  nodejs: NODE,
  bun: NODE,
  ruby: { inline: (option) => cluster('e')(option), withArgument: ['-r', '-I', '-C', '-E'] },
  perl: { inline: perlInline, withArgument: ['-I', '-M', '-m'] },
  php: { inline: (option) => ['-r', '-B', '-R', '-E'].includes(option), withArgument: ['-c', '-d', '-z'] },
  lua: { inline: (option) => option === '-e', withArgument: ['-l'] },
  Rscript: { inline: (option) => option === '-e', withArgument: [] },
  osascript: { inline: (option) => option === '-e', withArgument: ['-l'] },
  pwsh: { inline: (option) => /^-(c|command|e|ec|encodedcommand)$/i.test(option), withArgument: [] },
  powershell: { inline: (option) => /^-(c|command|e|ec|encodedcommand)$/i.test(option), withArgument: [] },
  awk: {
    inline: (option) => option === '-e' || option === '--source',
    withArgument: ['-F', '-v', '-f', '--file', '-i', '--include', '-l', '--load', '--field-separator', '--assign'],
    programOperand: true,
  },
};

const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'rbash', 'fish', 'csh', 'tcsh'];
const AWKS = ['awk', 'gawk', 'mawk', 'nawk'];
const INFORMATION = ['--version', '-V', '--help', '-h'];

function interpreterOf(program: string): Interpreter | undefined {
  const name = program.slice(program.lastIndexOf('/') + 1);
  if (SHELLS.includes(name)) return SHELL;
  if (/^(python|pypy)[0-9.]*$/.test(name)) return PYTHON;
  if (AWKS.includes(name)) return INTERPRETERS['awk'];
  return Object.hasOwn(INTERPRETERS, name) ? INTERPRETERS[name] : undefined;
}

/** The program name of a command, without its folder. */
export function programName(words: readonly CommandWord[]): string {
  const program = words[0]?.value ?? '';
  return program.slice(program.lastIndexOf('/') + 1);
}

/**
 * Whether a command is an interpreter given its program inline: a shell with `-c`, python with `-c`,
 * node, bun, ruby, perl, php, lua, Rscript, osascript, pwsh with their eval options, `deno eval`, awk
 * with a program text, `watch` and `script -c` (which hand their arguments to a shell). An interpreter
 * without a script file that reads its standard input from a pipe or a here-document (`stdinFed`)
 * counts too: the code it runs is in the line. Returns the message, or undefined.
 */
export function inlineCode(words: readonly CommandWord[], stdinFed: boolean): string | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = programName(words);
  const text = snippet(wordsText(words));
  if (name === 'watch' || (name === 'script' && words.some((word) => /^(-c|--command)/.test(word.value)))) {
    return `${snippet(name)} hands its arguments to a shell as code: ${text}.`;
  }
  if (name === 'deno' && (words[1]?.value === 'eval' || words.some((word) => word.value === '--eval'))) {
    return `${snippet(name)} is given code to run inline: ${text}.`;
  }
  const interpreter = interpreterOf(first.value);
  if (interpreter === undefined) return undefined;
  let index = 1;
  let programFile = false;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') {
      index++;
      break;
    }
    if (!(option.startsWith('-') || option.startsWith('+')) || option === '-') break;
    if (interpreter.inline(option))
      return `${snippet(name)} is given code to run inline with ${snippet(option)}: ${text}.`;
    if (INFORMATION.includes(option)) return undefined;
    if (/^(-f|--file(=|$)|-m)/.test(option)) programFile = true;
    if (interpreter.withArgument.includes(option)) index++;
  }
  const operand = words[index];
  if (interpreter.programOperand === true && !programFile && operand !== undefined) {
    return `${snippet(name)} is given a program inline: ${text}.`;
  }
  if (stdinFed && !programFile && (operand === undefined || operand.value === '-')) {
    return `${snippet(name)} runs code read from its standard input, which comes from the command line itself: ${text}.`;
  }
  return undefined;
}
