/**
 * One word of a command line as the lexer read it. `value` is the word after quote removal, with every
 * expansion bash performs only when it runs (`$HOME`, `${x}`, `$(..)`) kept as its source text. `mask`
 * has one character per character of `value` saying where it came from:
 *
 * - `u`: unquoted literal text, still subject to brace, tilde and pathname expansion;
 * - `q`: quoted or escaped text, taken as is;
 * - `$`: the source text of a parameter expansion;
 * - `c`: the source text of a command or process substitution or an arithmetic expansion.
 *
 * `inner` holds the parsed lists of the command and process substitutions inside the word, whose
 * commands run before the word's own command.
 */
import type { Script } from './shell-syntax.js';

export interface ShellWord {
  readonly value: string;
  readonly mask: string;
  /** The word as written, for messages. */
  readonly source: string;
  /** Offset of the word in the analysed line. */
  readonly start: number;
  readonly inner: readonly Script[];
}

/** What bash still changes in a word when it runs; none means the word is static. */
export type WordExpansion = 'parameter' | 'substitution' | 'tilde' | 'glob' | 'brace';

const GLOB_CHARACTERS = '*?';

function hasGlob(word: Pick<ShellWord, 'value' | 'mask'>): boolean {
  let open = false;
  for (let index = 0; index < word.value.length; index++) {
    if (word.mask[index] !== 'u') continue;
    const character = word.value[index] as string;
    if (GLOB_CHARACTERS.includes(character)) return true;
    if (character === '[') open = true;
    else if (character === ']' && open) return true;
  }
  return false;
}

/** A leading unquoted `~`, or one right after an unquoted `=` or `:` (bash expands those in assignments). */
function hasTilde(word: Pick<ShellWord, 'value' | 'mask'>): boolean {
  for (let index = 0; index < word.value.length; index++) {
    if (word.value[index] !== '~' || word.mask[index] !== 'u') continue;
    if (index === 0) return true;
    const before = word.value[index - 1];
    if ((before === '=' || before === ':') && word.mask[index - 1] === 'u') return true;
  }
  return false;
}

/**
 * The expansions bash still performs on a word. `braces` says whether the word holds a brace expression
 * that was left unexpanded (a sequence such as `{1..3}`); see `expandBraces`.
 */
export function wordExpansions(word: Pick<ShellWord, 'value' | 'mask'>, braces = false): WordExpansion[] {
  const found: WordExpansion[] = [];
  if (word.mask.includes('$')) found.push('parameter');
  if (word.mask.includes('c')) found.push('substitution');
  if (hasTilde(word)) found.push('tilde');
  if (hasGlob(word)) found.push('glob');
  if (braces) found.push('brace');
  return found;
}
