import type { ShellCursor } from './shell-cursor.js';
import { snippet } from './shell-finding.js';
import { ShellLexer } from './shell-lexer.js';
import type { AndOr, Command, CompoundNode, ListItem, Redirect, Script } from './shell-syntax.js';
import type { ControlOperator, ShellToken } from './shell-token.js';
import type { ShellWord } from './shell-word.js';

export type WithoutRedirects<T> = T extends unknown ? Omit<T, 'redirects'> : never;

/** Reserved words that end a list. */
const CLOSERS = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', 'esac', '}']);
export const CASE_ENDS = new Set<ControlOperator>([';;', ';&', ';;&']);
export const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A word bash would take as a reserved word: unquoted, no expansion. */
export function reserved(token: ShellToken): string | undefined {
  if (token.kind !== 'word' || token.word.mask.replaceAll('u', '') !== '') return undefined;
  return token.word.value;
}

/** A token as the refusal messages name it. */
export function describeToken(token: ShellToken): string {
  if (token.kind === 'end') return 'the end of the line';
  if (token.kind === 'word') return snippet(token.word.source);
  if (token.kind === 'operator' && token.op === '\n') return 'a newline';
  return snippet(token.op);
}

/** A word made by the parser itself (`2>&1` of `|&`, the operators inside `[[ ]]`). */
export function plainWord(value: string, start: number): ShellWord {
  return { value, mask: 'u'.repeat(value.length), source: value, start, inner: [] };
}

/**
 * What every part of the parser shares: the lexer, token tests, lists, redirections. The grammar itself is
 * in `CompoundParser` (compound commands) and `ShellParser` (pipelines and simple commands).
 */
export abstract class ParserCore {
  protected readonly lexer: ShellLexer;

  constructor(protected readonly cursor: ShellCursor) {
    this.lexer = new ShellLexer(cursor);
  }

  protected abstract parseAndOr(): AndOr;
  protected abstract parseCommand(): Command;

  protected unexpected(token: ShellToken): Error {
    const detail =
      token.kind === 'end' ? 'it ends where more was expected' : `it has an unexpected ${describeToken(token)}`;
    return this.cursor.refuse(detail, token.start - this.cursor.base);
  }

  protected isOperator(token: ShellToken, ...ops: ControlOperator[]): token is ShellToken & { kind: 'operator' } {
    return token.kind === 'operator' && ops.includes(token.op);
  }

  protected skipNewlines(): void {
    while (this.isOperator(this.lexer.peek(), '\n')) this.lexer.next();
  }

  protected atListEnd(): boolean {
    const token = this.lexer.peek();
    if (token.kind === 'end') return true;
    if (token.kind === 'operator') return token.op === ')' || CASE_ENDS.has(token.op);
    const word = reserved(token);
    return word !== undefined && CLOSERS.has(word);
  }

  protected parseList(): Script {
    const items: ListItem[] = [];
    this.skipNewlines();
    while (!this.atListEnd()) {
      const chain = this.parseAndOr();
      const token = this.lexer.peek();
      if (this.isOperator(token, ';', '&', '\n')) {
        this.lexer.next();
        items.push({ chain, background: token.op === '&' });
        this.skipNewlines();
      } else {
        items.push({ chain, background: false });
        break;
      }
    }
    return { items };
  }

  /** A list that bash requires to hold at least one command. */
  protected parseBody(): Script {
    const script = this.parseList();
    if (script.items.length === 0) throw this.unexpected(this.lexer.peek());
    return script;
  }

  protected expect(word: string): void {
    const token = this.lexer.next();
    if (reserved(token) !== word) {
      throw this.cursor.refuse(
        `it has ${describeToken(token)} where ${snippet(word)} was expected`,
        token.start - this.cursor.base,
      );
    }
  }

  protected expectOperator(op: ControlOperator): void {
    const token = this.lexer.next();
    if (!this.isOperator(token, op)) {
      throw this.cursor.refuse(
        `it has ${describeToken(token)} where ${snippet(op)} was expected`,
        token.start - this.cursor.base,
      );
    }
  }

  protected parseRedirect(token: ShellToken & { kind: 'redirect' }): Redirect {
    const target = this.lexer.next();
    if (target.kind !== 'word') throw this.unexpected(target);
    const { op, fd } = token;
    if (op !== '<<' && op !== '<<-') return { op, fd, target: target.word };
    if (target.word.mask.includes('c'))
      throw this.cursor.refuse('a here-document delimiter holds a substitution', target.start);
    const literal = /['"\\]/.test(target.word.source);
    const hereDocument = { delimiter: target.word.value, literal, stripTabs: op === '<<-', body: undefined };
    this.lexer.hereDocument(hereDocument);
    return { op, fd, target: target.word, hereDocument };
  }

  protected parseRedirects(): Redirect[] {
    const redirects: Redirect[] = [];
    for (let token = this.lexer.peek(); token.kind === 'redirect'; token = this.lexer.peek()) {
      this.lexer.next();
      redirects.push(this.parseRedirect(token));
    }
    return redirects;
  }

  protected compound(node: WithoutRedirects<CompoundNode>): CompoundNode {
    return { ...node, redirects: this.parseRedirects() } as CompoundNode;
  }
}
