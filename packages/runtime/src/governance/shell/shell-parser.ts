import { CompoundParser } from './compound-parser.js';
import { describeToken, NAME, plainWord, reserved } from './parser-core.js';
import type { AndOr, Assignment, Command, Pipeline, Redirect, Script, SimpleNode } from './shell-syntax.js';
import type { ShellWord } from './shell-word.js';

/** `name=value` or `name+=value` with an unquoted name: an assignment, when it comes before the command. */
function assignment(word: ShellWord): Assignment | undefined {
  const equals = word.value.indexOf('=');
  if (equals <= 0 || word.mask[equals] !== 'u') return undefined;
  const name = word.value.slice(0, word.value[equals - 1] === '+' ? equals - 1 : equals);
  if (word.mask.slice(0, equals).replaceAll('u', '') !== '') return undefined;
  const bracket = name.indexOf('[');
  if (!NAME.test(bracket === -1 ? name : name.slice(0, bracket))) return undefined;
  if (bracket !== -1 && !name.endsWith(']')) return undefined;
  const value: ShellWord = {
    value: word.value.slice(equals + 1),
    mask: word.mask.slice(equals + 1),
    source: word.source,
    start: word.start,
    inner: word.inner,
  };
  return { name, value, start: word.start };
}

/**
 * A recursive-descent parser for the part of bash's grammar the analysis reads: lists, `&&`/`||`,
 * pipelines, simple commands with assignments and redirections, subshells, groups, `if`, `while`,
 * `until`, `for`, `case`, function definitions, `((..))` and `[[..]]`. Anything else is refused.
 */
export class ShellParser extends CompoundParser {
  /** Reads the whole text. */
  parseScript(): Script {
    const script = this.parseList();
    const token = this.lexer.next();
    if (token.kind !== 'end') throw this.unexpected(token);
    this.lexer.finish();
    return script;
  }

  /** Reads the list of a `$(..)`, `<(..)` or `>(..)` up to and including its `)`. */
  parseNested(): { readonly script: Script; readonly end: number } {
    const script = this.parseList();
    const token = this.lexer.next();
    if (token.kind !== 'operator' || token.op !== ')') throw this.unexpected(token);
    this.lexer.finish();
    return { script, end: this.cursor.pos };
  }

  protected parseAndOr(): AndOr {
    const first = this.parsePipeline();
    const rest: { op: '&&' | '||'; pipeline: Pipeline }[] = [];
    for (;;) {
      const token = this.lexer.peek();
      if (!this.isOperator(token, '&&', '||')) return { first, rest };
      this.lexer.next();
      this.skipNewlines();
      rest.push({ op: token.op as '&&' | '||', pipeline: this.parsePipeline() });
    }
  }

  protected parsePipeline(): Pipeline {
    let negated = false;
    for (;;) {
      const word = reserved(this.lexer.peek());
      if (word === 'time') {
        this.lexer.next();
        if (reserved(this.lexer.peek()) === '-p') this.lexer.next();
      } else if (word === '!') {
        this.lexer.next();
        negated = !negated;
      } else {
        break;
      }
    }
    const commands: Command[] = [this.parseCommand()];
    for (;;) {
      const token = this.lexer.peek();
      if (!this.isOperator(token, '|', '|&')) return { negated, commands };
      this.lexer.next();
      if (token.op === '|&') {
        const previous = commands.pop() as Command;
        if (previous.kind === 'function') throw this.unexpected(token);
        const redirect: Redirect = { op: '>&', fd: '2', target: plainWord('1', token.start) };
        commands.push({ ...previous, redirects: [...previous.redirects, redirect] } as Command);
      }
      this.skipNewlines();
      commands.push(this.parseCommand());
    }
  }

  protected parseCommand(): Command {
    this.cursor.enter();
    try {
      const token = this.lexer.peek();
      if (this.isOperator(token, '(')) return this.parseParenthesis();
      switch (reserved(token)) {
        case '{':
          return this.parseGroup();
        case 'if':
          return this.parseIf();
        case 'while':
        case 'until':
          return this.parseWhile();
        case 'for':
          return this.parseFor();
        case 'case':
          return this.parseCase();
        case 'function':
          return this.parseFunctionKeyword();
        case '[[':
          return this.parseConditional();
        case 'select':
        case 'coproc':
          throw this.cursor.refuse(
            `it uses ${describeToken(token)}, which the analysis does not support`,
            token.start - this.cursor.base,
          );
      }
      if (token.kind === 'word' || token.kind === 'redirect') return this.parseSimple();
      throw this.unexpected(token);
    } finally {
      this.cursor.leave();
    }
  }

  protected parseSimple(): Command {
    const start = this.lexer.peek().start;
    this.cursor.countCommand(start - this.cursor.base);
    const assignments: Assignment[] = [];
    const words: ShellWord[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const token = this.lexer.peek();
      if (token.kind === 'redirect') {
        this.lexer.next();
        redirects.push(this.parseRedirect(token));
      } else if (token.kind === 'word') {
        this.lexer.next();
        const found = words.length === 0 ? assignment(token.word) : undefined;
        if (found !== undefined) {
          assignments.push(found);
          continue;
        }
        words.push(token.word);
        if (words.length === 1 && assignments.length === 0 && redirects.length === 0) {
          if (this.isOperator(this.lexer.peek(), '(')) return this.parseFunction(token.word, start);
        }
      } else if (this.isOperator(token, '(')) {
        throw this.unexpected(token);
      } else {
        const node: SimpleNode = { kind: 'simple', assignments, words, redirects, start };
        return node;
      }
    }
  }
}
