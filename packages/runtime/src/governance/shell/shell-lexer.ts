import { scanArithmetic } from './read-expansion.js';
import { readDoubleQuoted, readWord } from './read-word.js';
import type { ShellCursor } from './shell-cursor.js';
import type { HereDocument } from './shell-syntax.js';
import type { ControlOperator, RedirectOperator, ShellToken } from './shell-token.js';
import type { ShellWord } from './shell-word.js';
import { WordBuilder } from './word-builder.js';

function trailingBackslashes(line: string): number {
  let count = 0;
  while (line[line.length - 1 - count] === '\\') count++;
  return count;
}

/**
 * Splits a command line into tokens the way bash does, on demand, so that the parser can read nested
 * lists (`$(..)`) and here-document bodies at the right moment.
 */
export class ShellLexer {
  private peeked: ShellToken | undefined;
  private readonly pending: HereDocument[] = [];

  constructor(readonly cursor: ShellCursor) {}

  peek(): ShellToken {
    this.peeked ??= this.read();
    return this.peeked;
  }

  next(): ShellToken {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  /** Registers a here-document whose body starts after the next newline. */
  hereDocument(document: HereDocument): void {
    this.pending.push(document);
    this.cursor.context.pendingHereDocuments++;
  }

  /** Whether a `((` arithmetic command starts here: the `(` just read is followed by another one. */
  arithmeticFollows(): boolean {
    return this.peeked === undefined && this.cursor.current === '(';
  }

  /** Reads `((..))` after its first `(`; `start` is where that `(` stood. */
  readArithmetic(start: number): ShellWord {
    const builder = new WordBuilder();
    scanArithmetic(this.cursor, builder, this.cursor.pos + 1, '))');
    builder.add(this.cursor.text.slice(start, this.cursor.pos), 'c');
    return builder.build(this.cursor.text.slice(start, this.cursor.pos), this.cursor.base + start);
  }

  /** Called when the parser is done: every here-document must have had its body. */
  finish(): void {
    if (this.pending.length > 0) throw this.cursor.refuse('a here-document has no body', this.cursor.pos);
  }

  private skipBlanks(): void {
    const { cursor } = this;
    for (;;) {
      cursor.skipContinuations();
      const character = cursor.current;
      if (character === ' ' || character === '\t') {
        cursor.pos++;
      } else if (character === '#') {
        const newline = cursor.text.indexOf('\n', cursor.pos);
        cursor.pos = newline === -1 ? cursor.text.length : newline;
      } else {
        return;
      }
    }
  }

  private operator(op: ControlOperator, start: number): ShellToken {
    return { kind: 'operator', op, start: this.cursor.base + start };
  }

  private read(): ShellToken {
    const { cursor } = this;
    this.skipBlanks();
    const start = cursor.pos;
    const character = cursor.current;
    /** The character after the one read so far, past line continuations. */
    const following = (): string | undefined => {
      cursor.advance();
      return cursor.current;
    };
    const take = (op: ControlOperator): ShellToken => {
      cursor.pos++;
      return this.operator(op, start);
    };
    switch (character) {
      case undefined:
        return { kind: 'end', start: cursor.base + start };
      case '\n':
        cursor.pos++;
        this.readHereDocuments(start);
        return this.operator('\n', start);
      case '&': {
        const second = following();
        if (second === '>') return this.redirect(start, undefined, true);
        return second === '&' ? take('&&') : this.operator('&', start);
      }
      case '|': {
        const second = following();
        return second === '|' ? take('||') : second === '&' ? take('|&') : this.operator('|', start);
      }
      case ';': {
        const second = following();
        if (second === '&') return take(';&');
        if (second !== ';') return this.operator(';', start);
        return following() === '&' ? take(';;&') : this.operator(';;', start);
      }
      case '(':
      case ')':
        return take(character);
      case '<':
      case '>':
        if (cursor.text[start + 1] !== '(') return this.redirect(start, undefined);
        break;
    }
    const word = readWord(cursor);
    const after = cursor.current;
    if (after === '<' || after === '>') {
      if (/^[0-9]+$/.test(word.value) && word.mask.replaceAll('u', '') === '') {
        if (cursor.text[cursor.pos + 1] === '(') throw cursor.refuse('a file descriptor number stands before <( or >(');
        return this.redirect(start, word.value);
      }
      if (/^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(word.value) && word.mask.replaceAll('u', '') === '') {
        throw cursor.refuse(`it uses the named file descriptor ${word.value}`, start);
      }
    }
    return { kind: 'word', word, start: cursor.base + start };
  }

  /** Reads a redirection operator; the cursor stands on its `<` or `>` (after the `&` of `&>`). */
  private redirect(start: number, fd: string | undefined, afterAmpersand = false): ShellToken {
    const { cursor } = this;
    const take = (op: RedirectOperator): RedirectOperator => {
      cursor.pos++;
      return op;
    };
    const first = cursor.current;
    cursor.advance();
    const second = cursor.current;
    let op: RedirectOperator;
    if (afterAmpersand) {
      op = second === '>' ? take('&>>') : '&>';
    } else if (first === '<') {
      if (second === '<') {
        cursor.advance();
        const third = cursor.current;
        op = third === '<' ? take('<<<') : third === '-' ? take('<<-') : '<<';
      } else {
        op = second === '&' ? take('<&') : second === '>' ? take('<>') : '<';
      }
    } else {
      op = second === '>' ? take('>>') : second === '|' ? take('>|') : second === '&' ? take('>&') : '>';
    }
    return { kind: 'redirect', op, fd, start: cursor.base + start };
  }

  /** Reads the bodies of the here-documents registered on the line that just ended at `newline`. */
  private readHereDocuments(newline: number): void {
    const { cursor } = this;
    if (this.pending.length === 0) {
      if (cursor.context.pendingHereDocuments > 0) {
        throw cursor.refuse('a here-document body would start inside a nested command', newline);
      }
      return;
    }
    for (const document of this.pending.splice(0)) {
      cursor.context.pendingHereDocuments--;
      const bodyStart = cursor.pos;
      let bodyEnd: number;
      for (;;) {
        const lineEnd = cursor.text.indexOf('\n', cursor.pos);
        const stop = lineEnd === -1 ? cursor.text.length : lineEnd;
        const line = cursor.text.slice(cursor.pos, stop);
        if ((document.stripTabs ? line.replace(/^\t+/, '') : line) === document.delimiter) {
          bodyEnd = cursor.pos;
          cursor.pos = lineEnd === -1 ? stop : stop + 1;
          break;
        }
        if (lineEnd === -1) {
          throw cursor.refuse(`the here-document ending with ${document.delimiter} has no closing line`, bodyStart);
        }
        if (!document.literal && trailingBackslashes(line) % 2 === 1) {
          throw cursor.refuse('a line of a here-document ends with a backslash', cursor.pos);
        }
        cursor.pos = stop + 1;
      }
      const end = cursor.pos;
      const builder = new WordBuilder();
      if (document.literal) {
        builder.add(cursor.text.slice(bodyStart, bodyEnd), 'q');
      } else {
        cursor.pos = bodyStart;
        readDoubleQuoted(cursor, builder, 'here-document', bodyEnd);
        if (cursor.pos > bodyEnd) throw cursor.refuse('an expansion runs past the end of its here-document', bodyStart);
      }
      cursor.pos = end;
      document.body = builder.build(cursor.text.slice(bodyStart, bodyEnd), cursor.base + bodyStart);
    }
  }
}
