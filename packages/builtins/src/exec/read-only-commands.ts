// The read-only list behind exec's category: the programs whose run, as written, only looks at files.
import type { SimpleCommand } from '@wesgine/runtime';

/** Programs that read and report, whatever their arguments. */
const PLAIN_READERS: readonly string[] = [
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'pwd',
  'which',
  'echo',
  'true',
  'test',
  '[',
  '[[',
  'stat',
  'du',
  'df',
  'cd',
];

/** `find` actions that run programs, delete or write files. */
const FIND_WRITERS: readonly string[] = [
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprint0',
  '-fprintf',
  '-fls',
];

/** `rg` options that run programs: preprocessors, the hostname program, decompressors. */
const RG_RUNNERS: readonly string[] = ['--pre', '--pre-glob', '--hostname-bin', '--search-zip'];

/** The git commands on the list, and options of theirs that write a file or run a diff program. */
const GIT_READERS: readonly string[] = ['status', 'log', 'diff', 'show'];
const GIT_WRITERS: readonly string[] = ['--output', '--ext-diff'];

/** Programs with a check of their arguments; the others on the list need none. */
const ARGUMENT_CHECKS: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
  find: (args) => !args.some((arg) => FIND_WRITERS.includes(arg)),
  rg: (args) =>
    !args.some(
      (arg) =>
        RG_RUNNERS.some((option) => arg === option || arg.startsWith(`${option}=`)) ||
        // -z in a cluster of short flags (`-uz`) asks for decompression programs too.
        (/^-[^-]/.test(arg) && arg.includes('z')),
    ),
  git: readOnlyGit,
  // `file -C` compiles a magic file and writes it out.
  file: (args) => !args.some((arg) => arg === '--compile' || /^-[^-]*C/.test(arg)),
};

/**
 * `git status|log|diff|show`, with at most `--no-pager` or `-C <folder>` before the command: any other
 * global option (`-c`, `--exec-path`, `--git-dir`...) can make git run another program.
 */
function readOnlyGit(args: readonly string[]): boolean {
  let index = 0;
  while (index < args.length) {
    const arg = args[index];
    if (arg === '--no-pager') index += 1;
    else if (arg === '-C') index += 2;
    else break;
  }
  const command = args[index];
  if (command === undefined || !GIT_READERS.includes(command)) return false;
  return !args
    .slice(index + 1)
    .some((arg) => GIT_WRITERS.some((option) => arg === option || arg.startsWith(`${option}=`)));
}

/** Whether a redirection only reads, duplicates a descriptor, or throws output away. */
function harmlessRedirect({ op, target }: { readonly op: string; readonly target: string }): boolean {
  const bare = op.replace(/^[0-9]+/, '');
  if (['<', '<<', '<<-', '<<<'].includes(bare)) return true;
  if ((bare === '>&' || bare === '<&') && /^([0-9]+-?|-)$/.test(target)) return true;
  return ['>', '>>', '&>', '&>>', '>|'].includes(bare) && target === '/dev/null';
}

/** The program names on the read-only list (for the README and tests). */
export const READ_ONLY_PROGRAMS: readonly string[] = [...PLAIN_READERS, ...Object.keys(ARGUMENT_CHECKS)];

/**
 * Whether one simple command only reads: a bare program name on the list (a path such as `./ls` is
 * never on it, nor a name only known when the line runs), arguments its check accepts, no variable
 * assignments (they can change what a program runs: `PATH=`, `GIT_EXTERNAL_DIFF=`), and no
 * redirection that writes a file (`/dev/null` aside).
 */
export function isReadOnlyCommand(command: SimpleCommand): boolean {
  const [program, ...args] = command.argv;
  if (program === undefined || program.includes('/')) return false;
  if (command.dynamicWords?.includes(0)) return false;
  if (command.assignments.length > 0) return false;
  if (!command.redirects.every(harmlessRedirect)) return false;
  const check = ARGUMENT_CHECKS[program];
  if (check !== undefined) return check(args);
  return PLAIN_READERS.includes(program);
}
