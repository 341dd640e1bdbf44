import { MAX_COMMANDS, tooManyCommands } from './command-limit.js';
import type { ShellFinding } from './shell-finding.js';
import { parseRefusal, type ShellRefusal } from './shell-refusal.js';
import type { Script } from './shell-syntax.js';

/** What the lexer needs from the parser: nested lists, and a place to report findings. */
export interface ShellHooks {
  /** Parses the list of a `$(`, `<(` or `>(` whose text starts at `start`; `end` is just past its `)`. */
  nested(text: string, start: number, base: number): { readonly script: Script; readonly end: number };
  /** Parses the text of a backquoted command, already unescaped; `base` is where it stands in the line. */
  backquoted(text: string, base: number): Script;
  report(finding: ShellFinding): void;
}

/** State shared by every lexer of one analysis. */
export interface ShellContext {
  /** Here-documents whose body is still to be read, over all nesting levels. */
  pendingHereDocuments: number;
  depth: number;
  /** Simple commands read so far, to stop reading a line that is over the limit early. */
  commands: number;
}

const MAX_DEPTH = 64;

/** A position in the text being read, shared by the lexer and its helpers. */
export class ShellCursor {
  pos: number;

  constructor(
    readonly text: string,
    start: number,
    /** Offset of `text` in the analysed line (backquoted text is read on its own). */
    readonly base: number,
    readonly hooks: ShellHooks,
    readonly context: ShellContext,
  ) {
    this.pos = start;
  }

  get current(): string | undefined {
    return this.text[this.pos];
  }

  /** Skips backslash-newline pairs, which bash removes outside single quotes. */
  skipContinuations(): void {
    while (this.text[this.pos] === '\\' && this.text[this.pos + 1] === '\n') this.pos += 2;
  }

  advance(): void {
    this.pos++;
    this.skipContinuations();
  }

  /** The refusal for syntax the analysis cannot read exactly as bash would; `detail` is a sentence. */
  refuse(detail: string, offset = this.pos): ShellRefusal {
    return parseRefusal(detail, this.base + offset);
  }

  ask(rule: string, message: string, offset: number): void {
    this.hooks.report({ effect: 'ask', rule, message, at: this.base + offset });
  }

  /** Counts a simple command; a line with more than `MAX_COMMANDS` is refused at once. */
  countCommand(offset: number): void {
    this.context.commands++;
    if (this.context.commands > MAX_COMMANDS) throw tooManyCommands(this.base + offset);
  }

  enter(): void {
    this.context.depth++;
    if (this.context.depth > MAX_DEPTH) throw this.refuse(`it nests more than ${MAX_DEPTH} levels deep`);
  }

  leave(): void {
    this.context.depth--;
  }
}
