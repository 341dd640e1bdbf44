import { type CommandWord, wordsText } from './command-word.js';
import type { CommandFinding } from './judge-command.js';
import { isLoaderVariable } from './loader-variables.js';
import { snippet } from './shell-finding.js';

/** Where a builtin takes variable names: a function from its arguments to the words that are names. */
type NameFinder = (args: readonly CommandWord[]) => readonly CommandWord[];

const ARITHMETIC_COMPARISONS = ['-eq', '-ne', '-lt', '-le', '-gt', '-ge'];
const CODE_TEXT = /\$|`/;

/** The word after each of `options` (or the rest of the word: `-vname`). */
const optionArguments =
  (options: string, withArgument: string) =>
  (args: readonly CommandWord[]): CommandWord[] => {
    const names: CommandWord[] = [];
    for (let index = 0; index < args.length; index++) {
      const word = args[index] as CommandWord;
      if (word.value === '--') break;
      if (!/^-[A-Za-z]/.test(word.value)) continue;
      const letters = word.value.slice(1);
      for (let at = 0; at < letters.length; at++) {
        const letter = letters[at] as string;
        if (!options.includes(letter) && !withArgument.includes(letter)) continue;
        const rest = letters.slice(at + 1);
        const argument = rest === '' ? args[++index] : { ...word, value: rest };
        if (argument !== undefined && options.includes(letter)) names.push(argument);
        break;
      }
    }
    return names;
  };

/** The operands after the options (`read -r a b`: `a`, `b`), options that take an argument skipped. */
const operands =
  (withArgument: string) =>
  (args: readonly CommandWord[]): CommandWord[] => {
    let index = 0;
    for (; index < args.length; index++) {
      const value = (args[index] as CommandWord).value;
      if (value === '--') {
        index++;
        break;
      }
      if (!/^[-+][A-Za-z]/.test(value)) break;
      // In a cluster (`-rp`), the first letter that takes an argument takes the rest of the word, or
      // the next word when it is the last letter.
      const letters = value.slice(1);
      const taking = [...letters].findIndex((letter) => withArgument.includes(letter));
      if (taking === letters.length - 1) index++;
    }
    return args.slice(index);
  };

const declaration = (args: readonly CommandWord[]): CommandWord[] => [
  ...args.flatMap((word) => {
    if (/^[-+]/.test(word.value)) return [];
    const equals = word.value.indexOf('=');
    if (equals === -1) return [word];
    return [{ ...word, value: word.value.slice(0, word.value[equals - 1] === '+' ? equals - 1 : equals) }];
  }),
  ...namerefTargets(args),
];

/** The names a `declare -n ref=NAME` points at: bash reads and writes NAME through `ref`. */
function namerefTargets(args: readonly CommandWord[]): CommandWord[] {
  if (!args.some((word) => /^-[A-Za-z]*n/.test(word.value))) return [];
  return args.flatMap((word) => {
    const equals = word.value.indexOf('=');
    return /^[-+]/.test(word.value) || equals === -1 ? [] : [{ ...word, value: word.value.slice(equals + 1) }];
  });
}

const testNames = (args: readonly CommandWord[]): CommandWord[] =>
  args.flatMap((word, index) => {
    const next = args[index + 1];
    return (word.value === '-v' || word.value === '-R') && next !== undefined ? [next] : [];
  });

const NAMES: Readonly<Record<string, NameFinder>> = {
  test: testNames,
  '[': testNames,
  printf: optionArguments('v', ''),
  read: (args) => [...optionArguments('a', 'dinNptu')(args), ...operands('adinNptu')(args)],
  unset: operands(''),
  declare: declaration,
  typeset: declaration,
  local: declaration,
  readonly: declaration,
  export: declaration,
  getopts: (args) => operands('')(args).slice(1, 2),
  wait: optionArguments('p', ''),
  mapfile: (args) => operands('dnOsuCc')(args).slice(0, 1),
  readarray: (args) => operands('dnOsuCc')(args).slice(0, 1),
};

/** Why bash would run code when it reads `word` as a variable name, or undefined when it would not. */
function nameProblem(word: CommandWord): string | undefined {
  if (word.expansions.includes('parameter') || word.expansions.includes('substitution')) {
    return `the variable name ${snippet(word.source || word.value)} is only known when the line runs, and bash evaluates a name's subscript as code`;
  }
  const bracket = word.value.indexOf('[');
  if (bracket !== -1 && /[$`\\'"]/.test(word.value.slice(bracket))) {
    return `the variable name ${snippet(word.value)} has a subscript that bash evaluates, running the commands in it`;
  }
  return undefined;
}

/**
 * Words that bash evaluates as code although they look like data: a variable name with a subscript
 * (`test -v 'x[$(cmd)]'`, `[ -v .. ]`, `printf -v`, `read`, `unset`, `declare`, `typeset`, `local`,
 * `readonly`, `export`, `getopts`, `wait -p`, `mapfile`), whose subscript bash expands and evaluates
 * as arithmetic, running any substitution in it; a name only known when the line runs; a name that is
 * a loader variable (`printf -v PROMPT_COMMAND ..`, `read BASH_ENV`; `declare` and its kin are judged
 * as assignments); and text that looks like code
 * beside an arithmetic comparison of `test` (bash's `[[ ]]` and other shells' `test` evaluate those
 * operands). `[[ ]]`, `(( ))`, `$(( ))` and `let` are asked about where they are parsed.
 */
export function evaluatedWords(words: readonly CommandWord[]): CommandFinding[] {
  const program = words[0]?.value ?? '';
  const args = words.slice(1);
  const text = snippet(wordsText(words));
  const findings: CommandFinding[] = [];
  const finder = Object.hasOwn(NAMES, program) ? NAMES[program] : undefined;
  // A declaration's own names are judged as assignments (judgeCommand); the names its namerefs point at are not.
  const loaderNames = finder === declaration ? namerefTargets(args) : undefined;
  for (const name of finder?.(args) ?? []) {
    const problem = nameProblem(name);
    if (problem !== undefined) {
      findings.push({
        rule: 'evaluated-word',
        message: `${snippet(program)} is given words bash runs as code: ${problem}: ${text}.`,
      });
    } else if ((loaderNames?.some((word) => word.value === name.value) ?? true) && isLoaderVariable(name.value)) {
      findings.push({
        rule: 'loader-variable',
        message: `${snippet(program)} sets ${name.value}, which changes which programs, libraries or startup code get loaded: ${text}.`,
      });
    }
  }
  if (program === 'test' || program === '[') {
    args.forEach((word, index) => {
      if (!ARITHMETIC_COMPARISONS.includes(word.value)) return;
      for (const operand of [args[index - 1], args[index + 1]]) {
        if (operand !== undefined && CODE_TEXT.test(operand.value) && operand.expansions.length === 0) {
          findings.push({
            rule: 'evaluated-word',
            message: `${snippet(program)} compares ${snippet(operand.value)} as a number, text that looks like shell code which an arithmetic evaluation would run: ${text}.`,
          });
        }
      }
    });
  }
  return findings;
}
