import type { ShellWord } from './shell-word.js';

/** A word after brace expansion; `braces` marks a brace expression left for bash (a sequence like `{1..3}`). */
export interface BracedWord {
  readonly value: string;
  readonly mask: string;
  readonly braces: boolean;
}

/** Bash stops expanding long before this; a word that yields more is refused by the caller. */
export const MAX_BRACE_WORDS = 256;

/** A sequence expression is short (`{-100..100..5}`); longer brace contents are not looked at. */
const MAX_SEQUENCE_LENGTH = 48;
const SEQUENCE = /^(-?[0-9]+\.\.-?[0-9]+|[A-Za-z]\.\.[A-Za-z])(\.\.-?[0-9]+)?$/;

interface Pair {
  readonly open: number;
  readonly close: number;
  readonly commas: readonly number[];
}

/** The leftmost brace expression with commas, and whether a sequence expression is present. */
function findPair(word: Pick<ShellWord, 'value' | 'mask'>): { pair: Pair | undefined; sequence: boolean } {
  const stack: { open: number; commas: number[] }[] = [];
  let pair: Pair | undefined;
  let sequence = false;
  for (let index = 0; index < word.value.length; index++) {
    if (word.mask[index] !== 'u') continue;
    const character = word.value[index];
    if (character === '{') {
      stack.push({ open: index, commas: [] });
    } else if (character === ',' && stack.length > 0) {
      stack[stack.length - 1]?.commas.push(index);
    } else if (character === '}') {
      const top = stack.pop();
      if (top === undefined) continue;
      if (top.commas.length > 0) {
        if (pair === undefined || top.open < pair.open) pair = { open: top.open, close: index, commas: top.commas };
      } else if (index - top.open <= MAX_SEQUENCE_LENGTH) {
        const inside = word.value.slice(top.open + 1, index);
        if (word.mask.slice(top.open + 1, index).replaceAll('u', '') === '' && SEQUENCE.test(inside)) sequence = true;
      }
    }
  }
  return { pair, sequence };
}

function expandInto(word: Pick<ShellWord, 'value' | 'mask'>, results: BracedWord[]): boolean {
  const { pair, sequence } = findPair(word);
  if (pair === undefined) {
    results.push({ value: word.value, mask: word.mask, braces: sequence });
    return results.length <= MAX_BRACE_WORDS;
  }
  const bounds = [pair.open, ...pair.commas, pair.close];
  for (let index = 0; index + 1 < bounds.length; index++) {
    const from = (bounds[index] as number) + 1;
    const to = bounds[index + 1] as number;
    const next = {
      value: word.value.slice(0, pair.open) + word.value.slice(from, to) + word.value.slice(pair.close + 1),
      mask: word.mask.slice(0, pair.open) + word.mask.slice(from, to) + word.mask.slice(pair.close + 1),
    };
    if (!expandInto(next, results)) return false;
  }
  return true;
}

/**
 * Brace expansion as bash does it for the comma form (`src/{a,b}` → `src/a src/b`, nested and repeated
 * groups included), on unquoted braces only. Sequence expressions (`{1..3}`) are left as written and
 * marked. Returns undefined when the word would expand to more than `MAX_BRACE_WORDS` words.
 */
export function expandBraces(word: Pick<ShellWord, 'value' | 'mask'>): BracedWord[] | undefined {
  if (!word.mask.includes('u') || !word.value.includes('{'))
    return [{ value: word.value, mask: word.mask, braces: false }];
  const results: BracedWord[] = [];
  return expandInto(word, results) ? results : undefined;
}
