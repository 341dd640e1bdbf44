import type { WordExpansion } from './shell-word.js';

/** A word of a simple command after brace expansion: its text and what bash still expands in it. */
export interface CommandWord {
  readonly value: string;
  readonly expansions: readonly WordExpansion[];
  /** The word as written, for messages; empty for the second and later words of one brace expansion. */
  readonly source: string;
}

/** The words as written, for messages. */
export function wordsText(words: readonly CommandWord[]): string {
  return words
    .map((word) => word.source)
    .filter((source) => source !== '')
    .join(' ');
}
