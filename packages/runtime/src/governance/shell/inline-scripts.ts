import type { CommandWord } from './command-word.js';
import type { Redirect } from './shell-syntax.js';
import type { SimpleCommand } from './simple-command.js';

/** Shell code found in one command's words, which another shell (or this one, later) will run. */
export interface InlineScript {
  /** Who runs it: `bash -c`, `eval`, `trap`, `su -c`, `bash <<EOF`. */
  readonly runner: string;
  readonly code: string;
  /** The words the code sees as `$0`, `$1`, ... (`sh -c CODE name a b`); empty when unknown. */
  readonly positional: readonly string[];
}

/** Shells whose language is bash's (near enough for Hardline to read their code with our parser). */
const POSIX_SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'rbash', 'posh', 'lksh'];
const SHELL_OPTIONS_WITH_ARGUMENT = ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'];
const COMMAND_OPTION_PROGRAMS = ['su', 'runuser', 'flock', 'script'];
const HERE = ['<<', '<<-', '<<<'];

const basename = (value: string) => value.slice(value.lastIndexOf('/') + 1);

/**
 * The shell code a command hands on to be run, for Hardline to judge as well: the command string of
 * a shell given `-c` wherever it stands in the words (`bash -c`, `xargs sh -c`, `find -exec sh -c`,
 * `chroot / sh -c`), what a shell reads from a here-document or here-string, the words of `eval`, a
 * `trap`'s action, `su`/`runuser`/`flock`/`script` with `-c`, `env -S` and `watch`.
 */
export function inlineScripts(words: readonly CommandWord[], redirects: readonly Redirect[]): InlineScript[] {
  const found: InlineScript[] = [];
  const first = words[0]?.value;
  if (first === 'eval' && words.length > 1) {
    found.push({
      runner: 'eval',
      code: words
        .slice(1)
        .map((word) => word.value)
        .join(' '),
      positional: [],
    });
  }
  if (first === 'trap') {
    const action = words[1]?.value === '--' ? words[2] : words[1];
    if (action !== undefined && !/^-[lpP]$/.test(action.value) && action.value !== '-') {
      found.push({ runner: 'trap', code: action.value, positional: [] });
    }
  }
  if (first !== undefined && COMMAND_OPTION_PROGRAMS.includes(basename(first))) {
    words.forEach((word, index) => {
      const code = word.value.startsWith('--command=')
        ? word.value.slice('--command='.length)
        : word.value === '-c' || word.value === '--command'
          ? words[index + 1]?.value
          : undefined;
      if (code !== undefined) found.push({ runner: `${basename(first)} -c`, code, positional: [] });
    });
  }
  if (first !== undefined && basename(first) === 'env') {
    words.forEach((word, index) => {
      const split = /^(-S|--split-string=?)(.*)$/.exec(word.value);
      if (split === null) return;
      const code = split[2] === '' ? words[index + 1]?.value : split[2];
      if (code !== undefined) found.push({ runner: 'env -S', code, positional: [] });
    });
  }
  if (first !== undefined && basename(first) === 'watch') {
    const command = watchCommand(words);
    if (command !== '') found.push({ runner: 'watch', code: command, positional: [] });
  }
  words.forEach((word, index) => {
    const name = basename(word.value);
    if (word.expansions.length > 0 || !POSIX_SHELLS.includes(name)) return;
    const script = shellScript(words, index);
    if (script !== undefined) {
      found.push({ runner: `${name} -c`, ...script });
      return;
    }
    if (index !== 0 || operandAfterOptions(words, 1) !== undefined) return;
    for (const redirect of redirects) {
      if (redirect.fd !== undefined && redirect.fd !== '0') continue;
      if (!HERE.includes(redirect.op)) continue;
      const code = redirect.op === '<<<' ? redirect.target.value : redirect.hereDocument?.body?.value;
      if (code !== undefined) found.push({ runner: `${name} ${redirect.op}`, code, positional: [] });
    }
  });
  return found;
}

/** `sh [options] -c CODE [name [args...]]`, the shell's name at `at`; undefined without `-c`. */
function shellScript(
  words: readonly CommandWord[],
  at: number,
): { code: string; positional: readonly string[] } | undefined {
  let inline = false;
  let index = at + 1;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--' || option === '-') {
      index++;
      break;
    }
    if (!/^[-+]/.test(option)) break;
    if (/^-[A-Za-z]+$/.test(option) && option.includes('c')) inline = true;
    if (SHELL_OPTIONS_WITH_ARGUMENT.includes(option)) index++;
  }
  const code = words[index];
  if (!inline || code === undefined) return undefined;
  return { code: code.value, positional: words.slice(index + 1).map((word) => word.value) };
}

function operandAfterOptions(words: readonly CommandWord[], from: number): CommandWord | undefined {
  for (let index = from; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') return words[index + 1];
    if (!/^[-+]/.test(option) || option === '-') return words[index];
    if (SHELL_OPTIONS_WITH_ARGUMENT.includes(option)) index++;
  }
  return undefined;
}

const WATCH_OPTIONS_WITH_ARGUMENT = ['-n', '--interval', '-q', '--equexit'];

/** `watch [options] command words...`: the words `watch` hands to `sh -c`, joined. */
function watchCommand(words: readonly CommandWord[]): string {
  let index = 1;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') {
      index++;
      break;
    }
    if (!option.startsWith('-')) break;
    if (WATCH_OPTIONS_WITH_ARGUMENT.includes(option)) index++;
  }
  return words
    .slice(index)
    .map((word) => word.value)
    .join(' ');
}

const POSITIONAL = /\$(?:([0-9])|\{([0-9]+)\})/g;
const ALL_POSITIONAL = /^\$(?:[@*]|\{[@*]\})$/;

/**
 * `$1`, `${2}` (inside a word too: `$1/*`) and a whole-word `$@` in a nested command's argv, as the
 * outer line gives them (`sh -c 'rm -rf "$1"/*' _ /`). A parameter the line does not give stays.
 */
export function withPositional(command: SimpleCommand, positional: readonly string[]): SimpleCommand {
  if (positional.length === 0) return command;
  const argv = command.argv.flatMap((word) => {
    if (ALL_POSITIONAL.test(word)) return positional.slice(1);
    return [
      word.replace(POSITIONAL, (text, short: string | undefined, long: string | undefined) => {
        const index = Number(short ?? long);
        return index < positional.length ? (positional[index] as string) : text;
      }),
    ];
  });
  return { ...command, argv };
}
