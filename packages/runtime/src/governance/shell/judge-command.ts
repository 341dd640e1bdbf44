import { type CommandWord, wordsText } from './command-word.js';
import { evaluatedWords } from './evaluated-words.js';
import { inlineCode, programName } from './inline-code.js';
import { isLoaderVariable } from './loader-variables.js';
import { snippet } from './shell-finding.js';

/** What the Sandbox asks about one simple command. */
export interface CommandFinding {
  readonly rule: string;
  readonly message: string;
}

export interface JudgedCommand {
  readonly words: readonly CommandWord[];
  /** `substituted`: the value holds a real substitution (asked about on its own), not text that looks like one. */
  readonly assignments: readonly { readonly name: string; readonly value: string; readonly substituted?: boolean }[];
  /** Standard input comes from a pipe or a here-document: code an interpreter reads from it is inline. */
  readonly stdinFed: boolean;
}

const PRIVILEGED = ['sudo', 'doas', 'su', 'pkexec', 'runuser'];
const DECLARATIONS = ['export', 'declare', 'typeset', 'local', 'readonly'];
const FIND_ACTIONS = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];
const SAFE_SET_OPTIONS = ['errexit', 'nounset', 'xtrace', 'verbose', 'pipefail', 'noglob', 'noclobber'];
const SAFE_SET_LETTERS = 'euxvfC';
const GIT_OPTIONS_WITH_ARGUMENT = ['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--list-cmds'];
const GIT_CONFIG_WRITES = [
  '--add',
  '--replace-all',
  '--unset',
  '--unset-all',
  '--edit',
  '-e',
  '--rename-section',
  '--remove-section',
];
const GIT_CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l'];
const CODE_TEXT = /\$\(|\$\[|`/;

function assignmentFindings(assignments: JudgedCommand['assignments']): CommandFinding[] {
  const findings: CommandFinding[] = [];
  for (const { name, value, substituted } of assignments) {
    if (isLoaderVariable(name)) {
      findings.push({
        rule: 'loader-variable',
        message: `The command line sets ${name} (${snippet(`${name}=${value}`)}), which changes which programs, libraries or startup code get loaded.`,
      });
    } else if (substituted !== true && CODE_TEXT.test(value)) {
      findings.push({
        rule: 'code-in-variable',
        message: `The command line stores text that looks like shell code in ${name} (${snippet(value)}); bash runs such text when it evaluates the variable as a number or a prompt.`,
      });
    }
  }
  return findings;
}

function declarationAssignments(words: readonly CommandWord[]): JudgedCommand['assignments'] {
  return words
    .slice(1)
    .filter((word) => !word.value.startsWith('-') && !word.value.startsWith('+'))
    .map(({ value, expansions }) => {
      const equals = value.indexOf('=');
      const name = equals === -1 ? value : value.slice(0, value[equals - 1] === '+' ? equals - 1 : equals);
      return {
        name,
        value: equals === -1 ? '' : value.slice(equals + 1),
        substituted: expansions.includes('substitution'),
      };
    });
}

function unsafeSetOption(words: readonly CommandWord[]): string | undefined {
  for (let index = 1; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '--' || option === '-' || !/^[-+]/.test(option)) return undefined;
    for (const letter of option.slice(1)) {
      if (letter !== 'o') {
        if (!SAFE_SET_LETTERS.includes(letter)) return option;
        continue;
      }
      index++;
      const name = words[index]?.value;
      if (name !== undefined && !SAFE_SET_OPTIONS.includes(name)) return `${option} ${name}`;
    }
  }
  return undefined;
}

function gitFinding(words: readonly CommandWord[], text: string): CommandFinding | undefined {
  const finding = (option: string): CommandFinding => ({
    rule: 'git-config',
    message: `${snippet(`git ${option}`)} changes git's configuration or helper programs, which can make git run other programs (pager, editor, hooks, ssh): ${snippet(text)}.`,
  });
  let index = 1;
  for (; index < words.length; index++) {
    const option = (words[index] as CommandWord).value;
    if (option === '-c' || option.startsWith('--config-env') || option.startsWith('--exec-path=')) {
      return finding(option);
    }
    if (!option.startsWith('-')) break;
    if (GIT_OPTIONS_WITH_ARGUMENT.includes(option)) index++;
  }
  const subcommand = words[index]?.value;
  const rest = words.slice(index + 1).map((word) => word.value);
  const risky = rest.find(
    (argument) =>
      /^--(upload-pack|receive-pack|exec)(=|$)/.test(argument) ||
      (subcommand === 'clone' && /^(-c|--config(=|$)|-u)/.test(argument)),
  );
  if (risky !== undefined) return finding(`${subcommand} ${risky}`);
  if (subcommand === 'config') {
    const operands = rest.filter((argument) => !argument.startsWith('-'));
    const reads =
      rest.some((argument) => GIT_CONFIG_READS.includes(argument)) || ['get', 'list'].includes(operands[0] ?? '');
    const writes =
      rest.some((argument) => GIT_CONFIG_WRITES.includes(argument)) ||
      ['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(operands[0] ?? '') ||
      (!reads && operands.length >= 2);
    if (writes) return finding('config');
  }
  return undefined;
}

function builtinFinding(name: string, words: readonly CommandWord[], text: string): CommandFinding | undefined {
  const args = words.slice(1).map((word) => word.value);
  switch (name) {
    case 'eval':
    case 'fc':
      return {
        rule: 'eval',
        message: `${snippet(name)} runs text as shell code that the analysis cannot see: ${snippet(text)}.`,
      };
    case 'trap':
      if (
        args.length === 0 ||
        args.every((argument) => /^-[lpP]$/.test(argument)) ||
        args[0] === '-' ||
        args[0] === ''
      ) {
        return undefined;
      }
      return {
        rule: 'eval',
        message: `\`trap\` stores shell code to run later, which the analysis cannot judge: ${snippet(text)}.`,
      };
    case 'mapfile':
    case 'readarray':
    case 'compgen':
    case 'complete':
      if (!args.some((argument) => argument === '-C' || argument === '-F')) return undefined;
      return { rule: 'eval', message: `${snippet(name)} is given a command to call back: ${snippet(text)}.` };
    case 'source':
    case '.':
      return {
        rule: 'source',
        message: `${snippet(name)} runs the shell code of a file in this shell, which the analysis cannot see: ${snippet(text)}.`,
      };
    case 'exec':
      return { rule: 'exec', message: `\`exec\` replaces the shell or changes its open files: ${snippet(text)}.` };
    case 'let':
      return {
        rule: 'arithmetic',
        message: `\`let\` evaluates arithmetic expressions, in which bash can run commands stored in variables: ${snippet(text)}.`,
      };
    case 'alias':
    case 'enable':
      if (name === 'alias' && args.every((argument) => !argument.includes('='))) return undefined;
      break;
    case 'hash':
      if (!args.some((argument) => argument.startsWith('-') && argument.includes('p'))) return undefined;
      break;
    case 'shopt':
      if (!args.some((argument) => argument === '-s' || argument === '-u' || argument === '-o')) return undefined;
      break;
    case 'set': {
      const option = unsafeSetOption(words);
      if (option === undefined) return undefined;
      return {
        rule: 'shell-state',
        message: `\`set ${option}\` changes how the shell reads or runs the rest of the line: ${snippet(text)}.`,
      };
    }
    default:
      return undefined;
  }
  return {
    rule: 'shell-state',
    message: `${snippet(name)} changes how the shell finds or reads later commands: ${snippet(text)}.`,
  };
}

/**
 * The Sandbox's rules for one simple command whose wrappers are already off: dynamic or pattern
 * command names, code run through `eval`, `source`, `exec`, `trap` and interpreters, `xargs`, `find`
 * actions, privilege changes, git configuration, and variables that change how programs load.
 */
export function judgeCommand(command: JudgedCommand): CommandFinding[] {
  const { words } = command;
  const text = wordsText(words);
  const findings = assignmentFindings(command.assignments);
  const first = words[0];
  if (first === undefined) return findings;
  const kinds = first.expansions;
  if (kinds.includes('parameter') || kinds.includes('substitution') || kinds.includes('tilde')) {
    findings.push({
      rule: 'dynamic-command',
      message: `The command name ${snippet(first.source)} is only known when the line runs, so the command cannot be judged: ${snippet(text)}.`,
    });
    return findings;
  }
  if (kinds.includes('glob') || kinds.includes('brace')) {
    findings.push({
      rule: 'glob-command',
      message: `The command name ${snippet(first.source)} holds pattern characters that bash turns into file names when the line runs, so the command cannot be judged.`,
    });
    return findings;
  }
  const name = first.value.includes('/') ? programName(words) : first.value;
  const builtin = first.value.includes('/') ? undefined : builtinFinding(name, words, text);
  if (builtin !== undefined) findings.push(builtin);
  if (DECLARATIONS.includes(first.value)) findings.push(...assignmentFindings(declarationAssignments(words)));
  if (!first.value.includes('/')) findings.push(...evaluatedWords(words));
  if (PRIVILEGED.includes(name)) {
    findings.push({
      rule: 'privilege-escalation',
      message: `${snippet(name)} runs a command with other privileges: ${snippet(text)}.`,
    });
  }
  if (name === 'xargs') {
    findings.push({
      rule: 'xargs',
      message: `\`xargs\` builds and runs commands from its input, which the analysis cannot see: ${snippet(text)}.`,
    });
  }
  if (name === 'find') {
    const action = words.find((word) => FIND_ACTIONS.includes(word.value));
    if (action !== undefined) {
      findings.push({
        rule: 'find-action',
        message: `\`find\` is given ${snippet(action.value)}, which acts on every file it finds, beyond what the analysis can judge: ${snippet(text)}.`,
      });
    }
  }
  if (name === 'git') {
    const git = gitFinding(words, text);
    if (git !== undefined) findings.push(git);
  }
  const inline = inlineCode(words, command.stdinFed);
  if (inline !== undefined) findings.push({ rule: 'inline-interpreter', message: inline });
  return findings;
}
