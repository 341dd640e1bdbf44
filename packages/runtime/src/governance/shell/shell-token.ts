import type { ShellWord } from './shell-word.js';

/** Operators that separate or group commands; `\n` is a newline outside quotes. */
export type ControlOperator = '&&' | '||' | ';' | ';;' | ';&' | ';;&' | '|' | '|&' | '&' | '(' | ')' | '\n';

export type RedirectOperator = '<' | '>' | '>>' | '>|' | '<>' | '<<' | '<<-' | '<<<' | '<&' | '>&' | '&>' | '&>>';

/** One token of a command line; a redirection's target is the word token after it. */
export type ShellToken =
  | { readonly kind: 'word'; readonly word: ShellWord; readonly start: number }
  | { readonly kind: 'operator'; readonly op: ControlOperator; readonly start: number }
  | {
      readonly kind: 'redirect';
      readonly op: RedirectOperator;
      /** The file descriptor written before the operator (`2` in `2>`), if any. */
      readonly fd: string | undefined;
      readonly start: number;
    }
  | { readonly kind: 'end'; readonly start: number };
