import { CASE_ENDS, NAME, ParserCore, plainWord, reserved } from './parser-core.js';
import { snippet } from './shell-finding.js';
import type { Command, Script } from './shell-syntax.js';
import type { ShellWord } from './shell-word.js';

const CONDITIONAL_OPERATORS = new Set(['&&', '||', '(', ')', '<', '>']);
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-v']);

/** The compound commands of bash's grammar: subshells, groups, `if`, loops, `case`, functions, `((..))`, `[[..]]`. */
export abstract class CompoundParser extends ParserCore {
  protected parseFunction(name: ShellWord, start: number): Command {
    if (name.mask.replaceAll('u', '') !== '') {
      throw this.cursor.refuse(`the function name ${snippet(name.source)} is not plain`, start - this.cursor.base);
    }
    this.expectOperator('(');
    this.expectOperator(')');
    this.skipNewlines();
    const body = this.parseCommand();
    if (body.kind === 'simple' || body.kind === 'function') {
      throw this.cursor.refuse('a function body is not a compound command', start - this.cursor.base);
    }
    return { kind: 'function', name: name.value, body, start };
  }

  protected parseFunctionKeyword(): Command {
    const start = this.lexer.next().start;
    const name = this.lexer.next();
    if (name.kind !== 'word') throw this.unexpected(name);
    if (this.isOperator(this.lexer.peek(), '(')) return this.parseFunction(name.word, start);
    this.skipNewlines();
    const body = this.parseCommand();
    if (body.kind === 'simple' || body.kind === 'function') {
      throw this.cursor.refuse('a function body is not a compound command', start - this.cursor.base);
    }
    return { kind: 'function', name: name.word.value, body, start };
  }

  protected parseParenthesis(): Command {
    const open = this.lexer.next();
    if (this.lexer.arithmeticFollows()) {
      this.cursor.countCommand(open.start - this.cursor.base);
      const expression = this.lexer.readArithmetic(open.start - this.cursor.base);
      this.cursor.ask(
        'arithmetic',
        `The command line uses the arithmetic command ${snippet(expression.source)}; bash evaluates variables inside it as expressions, which can run commands.`,
        open.start - this.cursor.base,
      );
      return this.compound({ kind: 'arithmetic', expression, start: open.start });
    }
    const body = this.parseBody();
    this.expectOperator(')');
    return this.compound({ kind: 'subshell', body, start: open.start });
  }

  protected parseGroup(): Command {
    const start = this.lexer.next().start;
    const body = this.parseBody();
    this.expect('}');
    return this.compound({ kind: 'group', body, start });
  }

  protected parseIf(): Command {
    const start = this.lexer.next().start;
    const branches: { condition: Script; body: Script }[] = [];
    let otherwise: Script | undefined;
    for (;;) {
      const condition = this.parseBody();
      this.expect('then');
      branches.push({ condition, body: this.parseBody() });
      const word = reserved(this.lexer.peek());
      if (word === 'elif') {
        this.lexer.next();
        continue;
      }
      if (word === 'else') {
        this.lexer.next();
        otherwise = this.parseBody();
      }
      this.expect('fi');
      return this.compound({ kind: 'if', branches, otherwise, start });
    }
  }

  protected parseWhile(): Command {
    const start = this.lexer.next().start;
    const condition = this.parseBody();
    this.expect('do');
    const body = this.parseBody();
    this.expect('done');
    return this.compound({ kind: 'while', condition, body, start });
  }

  protected parseFor(): Command {
    const start = this.lexer.next().start;
    const words: ShellWord[] = [];
    const first = this.lexer.next();
    if (this.isOperator(first, '(') && this.lexer.arithmeticFollows()) {
      const expression = this.lexer.readArithmetic(first.start - this.cursor.base);
      this.cursor.ask(
        'arithmetic',
        `The command line uses the arithmetic loop header ${snippet(expression.source)}; bash evaluates variables inside it as expressions, which can run commands.`,
        first.start - this.cursor.base,
      );
      words.push(expression);
      if (this.isOperator(this.lexer.peek(), ';')) this.lexer.next();
    } else {
      if (first.kind !== 'word' || !NAME.test(first.word.value) || first.word.mask.replaceAll('u', '') !== '') {
        throw this.unexpected(first);
      }
      this.skipNewlines();
      if (reserved(this.lexer.peek()) === 'in') {
        this.lexer.next();
        for (let token = this.lexer.next(); !this.isOperator(token, ';', '\n'); token = this.lexer.next()) {
          if (token.kind !== 'word') throw this.unexpected(token);
          words.push(token.word);
        }
      } else if (this.isOperator(this.lexer.peek(), ';')) {
        this.lexer.next();
      }
    }
    this.skipNewlines();
    this.expect('do');
    const body = this.parseBody();
    this.expect('done');
    return this.compound({ kind: 'for', words, body, start });
  }

  protected parseCase(): Command {
    const start = this.lexer.next().start;
    const subject = this.lexer.next();
    if (subject.kind !== 'word') throw this.unexpected(subject);
    this.skipNewlines();
    this.expect('in');
    this.skipNewlines();
    const arms: { patterns: ShellWord[]; body: Script }[] = [];
    while (reserved(this.lexer.peek()) !== 'esac') {
      if (this.isOperator(this.lexer.peek(), '(')) this.lexer.next();
      const patterns: ShellWord[] = [];
      for (;;) {
        const pattern = this.lexer.next();
        if (pattern.kind !== 'word') throw this.unexpected(pattern);
        patterns.push(pattern.word);
        const after = this.lexer.next();
        if (this.isOperator(after, ')')) break;
        if (!this.isOperator(after, '|')) throw this.unexpected(after);
      }
      arms.push({ patterns, body: this.parseList() });
      const end = this.lexer.peek();
      if (end.kind === 'operator' && CASE_ENDS.has(end.op)) {
        this.lexer.next();
        this.skipNewlines();
      } else if (reserved(end) !== 'esac') {
        throw this.unexpected(end);
      }
    }
    this.lexer.next();
    return this.compound({ kind: 'case', subject: subject.word, arms, start });
  }

  protected parseConditional(): Command {
    const open = this.lexer.next();
    this.cursor.countCommand(open.start - this.cursor.base);
    const words: ShellWord[] = [];
    if (open.kind === 'word') words.push(open.word);
    for (;;) {
      const token = this.lexer.next();
      if (token.kind === 'word') {
        words.push(token.word);
        if (reserved(token) === ']]') break;
        if (reserved(token) !== undefined && ARITHMETIC_TESTS.has(token.word.value)) {
          this.cursor.ask(
            'arithmetic',
            `The command line uses the test ${snippet(token.word.value)} inside [[ ]], where bash evaluates operands as arithmetic expressions, which can run commands.`,
            token.start - this.cursor.base,
          );
        }
      } else if (
        (token.kind === 'operator' || (token.kind === 'redirect' && token.fd === undefined)) &&
        CONDITIONAL_OPERATORS.has(token.op)
      ) {
        words.push(plainWord(token.op, token.start));
      } else {
        throw this.unexpected(token);
      }
    }
    return this.compound({ kind: 'conditional', words, start: open.start });
  }
}
