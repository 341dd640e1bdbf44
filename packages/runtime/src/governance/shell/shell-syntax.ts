import type { RedirectOperator } from './shell-token.js';
import type { ShellWord } from './shell-word.js';

/**
 * The syntax tree of a command line, as far as the analysis reads it: lists, and-or chains, pipelines,
 * simple commands and the compound commands bash offers (subshells, groups, if, loops, case, functions,
 * `((..))` and `[[..]]`).
 */
export interface Script {
  readonly items: readonly ListItem[];
}

export interface ListItem {
  readonly chain: AndOr;
  /** Ended by `&`: runs in the background. */
  readonly background: boolean;
}

export interface AndOr {
  readonly first: Pipeline;
  readonly rest: readonly { readonly op: '&&' | '||'; readonly pipeline: Pipeline }[];
}

export interface Pipeline {
  readonly negated: boolean;
  readonly commands: readonly Command[];
}

/** The body of a here-document, read when the line reaches the newline after its operator. */
export interface HereDocument {
  readonly delimiter: string;
  /** The delimiter was quoted: the body is taken literally. */
  readonly literal: boolean;
  /** `<<-`: leading tabs are removed from the body's lines and the closing line. */
  readonly stripTabs: boolean;
  body: ShellWord | undefined;
}

export interface Redirect {
  readonly op: RedirectOperator;
  readonly fd: string | undefined;
  readonly target: ShellWord;
  readonly hereDocument?: HereDocument;
}

export interface Assignment {
  readonly name: string;
  readonly value: ShellWord;
  readonly start: number;
}

export interface SimpleNode {
  readonly kind: 'simple';
  readonly assignments: readonly Assignment[];
  readonly words: readonly ShellWord[];
  readonly redirects: readonly Redirect[];
  readonly start: number;
}

interface CompoundBase {
  readonly redirects: readonly Redirect[];
  readonly start: number;
}

export type CompoundNode =
  | (CompoundBase & { readonly kind: 'subshell' | 'group'; readonly body: Script })
  | (CompoundBase & {
      readonly kind: 'if';
      readonly branches: readonly { readonly condition: Script; readonly body: Script }[];
      readonly otherwise: Script | undefined;
    })
  | (CompoundBase & { readonly kind: 'while'; readonly condition: Script; readonly body: Script })
  /** `for x in words`; a `for ((..))` has its arithmetic header as its only word. */
  | (CompoundBase & { readonly kind: 'for'; readonly words: readonly ShellWord[]; readonly body: Script })
  | (CompoundBase & {
      readonly kind: 'case';
      readonly subject: ShellWord;
      readonly arms: readonly { readonly patterns: readonly ShellWord[]; readonly body: Script }[];
    })
  | (CompoundBase & { readonly kind: 'arithmetic'; readonly expression: ShellWord })
  | (CompoundBase & { readonly kind: 'conditional'; readonly words: readonly ShellWord[] });

export interface FunctionNode {
  readonly kind: 'function';
  readonly name: string;
  readonly body: Command;
  readonly start: number;
}

export type Command = SimpleNode | CompoundNode | FunctionNode;
