import type { Script } from './shell-syntax.js';
import type { ShellWord } from './shell-word.js';

/** Where a piece of a word came from; see `ShellWord.mask`. */
export type WordPiece = 'u' | 'q' | '$' | 'c';

/** Collects the pieces of one word while the lexer reads it. */
export class WordBuilder {
  private readonly values: string[] = [];
  private readonly masks: string[] = [];
  readonly inner: Script[] = [];

  add(text: string, piece: WordPiece): void {
    this.values.push(text);
    this.masks.push(piece.repeat(text.length));
  }

  build(source: string, start: number): ShellWord {
    return { value: this.values.join(''), mask: this.masks.join(''), source, start, inner: this.inner };
  }
}
