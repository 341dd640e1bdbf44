// Translates a ripgrep (Rust `regex` crate) pattern into a JavaScript RegExp with the `v` flag that
// matches the same text, for the Node search; also gives the pattern ripgrep itself is handed.
// Refused as ripgrep refuses them: look-around and backreferences.
import { readClass } from './regex-class.js';
import { type Cursor, LENIENT, readEscape } from './regex-escape.js';
import {
  caseVariants,
  classLiteral,
  lookAroundError,
  newlineError,
  outsideLiteral,
  patternError,
} from './regex-text.js';

export interface RegexOptions {
  readonly ignoreCase: boolean;
  /** `multiline: true`: the pattern runs over the whole file and `.` matches newlines too. */
  readonly multiline: boolean;
}

export interface TranslatedRegex {
  readonly source: string;
  /** `v`, or `iv` when the whole pattern ignores case; add `g` to scan. */
  readonly flags: string;
  /** A literal every match contains (case as written), for a fast check on a file's bytes first. */
  readonly literal: string | undefined;
  /** The pattern for ripgrep: the same, with the few spellings only we accept rewritten. */
  readonly ripgrep: string;
}

interface Flags {
  i: boolean;
  s: boolean;
  m: boolean;
  x: boolean;
  U: boolean;
}

interface Frame {
  readonly flags: Flags;
  readonly outStart: number;
}

class CaseScopeChanged extends Error {}

export function translateRustRegex(pattern: string, options: RegexOptions): TranslatedRegex {
  const leadingI = /^\(\?[a-zA-Z]*i[a-zA-Z]*\)/.test(pattern);
  const ripgrep = ripgrepSpelling(pattern);
  if (options.ignoreCase || leadingI) {
    try {
      return { ...new Translator(pattern, options, true).run(), ripgrep };
    } catch (error) {
      if (!(error instanceof CaseScopeChanged)) throw error;
    }
  }
  return { ...new Translator(pattern, options, false).run(), ripgrep };
}

class Translator implements Cursor {
  pos = 0;
  #out = '';
  #frames: Frame[];
  #canQuantify = false;
  #lastAtom = 0;
  #wrapNext = false;
  #runs: string[] = [];
  #run = '';
  #runChar = '';
  #alternation = false;

  constructor(
    readonly pattern: string,
    readonly options: RegexOptions,
    readonly jsIgnoreCase: boolean,
  ) {
    const flags = { i: options.ignoreCase, s: options.multiline, m: true, x: false, U: false };
    this.#frames = [{ flags, outStart: 0 }];
  }

  get #flags(): Flags {
    return (this.#frames.at(-1) as Frame).flags;
  }

  run(): Omit<TranslatedRegex, 'ripgrep'> {
    const { pattern } = this;
    while (this.pos < pattern.length) this.#step(pattern[this.pos] as string);
    if (this.#frames.length > 1) throw patternError('a group ( is not closed with )');
    this.#flush();
    const source = this.#out;
    const flags = this.jsIgnoreCase ? 'iv' : 'v';
    try {
      new RegExp(source, flags);
    } catch {
      throw patternError('it could not be compiled');
    }
    const longest = this.#runs.reduce((best, run) => (run.length > best.length ? run : best), '');
    const literal = this.#alternation || this.jsIgnoreCase || longest === '' ? undefined : longest;
    return { source, flags, literal };
  }

  #step(char: string): void {
    const flags = this.#flags;
    if (flags.x && /\s/.test(char)) {
      this.pos += 1;
      return;
    }
    if (flags.x && char === '#') {
      const end = this.pattern.indexOf('\n', this.pos);
      this.pos = end === -1 ? this.pattern.length : end + 1;
      return;
    }
    switch (char) {
      case '\\': {
        const read = readEscape(this, false, flags.x);
        if (read.kind === 'char') this.#char(read.cp);
        else if (read.kind === 'class') this.#class(read.js);
        else this.#atom(read.js, true);
        return;
      }
      case '[':
        this.#class(readClass(this, { foldCase: this.#fold(flags), verbose: flags.x }));
        return;
      case '(':
        this.#open();
        return;
      case ')':
        this.#close();
        return;
      case '|':
        this.pos += 1;
        this.#out += '|';
        this.#canQuantify = false;
        if (this.#frames.length === 1) this.#alternation = true;
        this.#flush();
        return;
      case '.':
        this.pos += 1;
        this.#atom(this.options.multiline && flags.s ? '[\\s\\S]' : '[^\\n]', false);
        return;
      case '^':
        this.pos += 1;
        this.#atom(flags.m ? '(?<![^\\n])' : '(?<![\\s\\S])', true);
        return;
      case '$':
        this.pos += 1;
        this.#atom(flags.m ? '(?![^\\n])' : '(?![\\s\\S])', true);
        return;
      case '*':
      case '+':
      case '?':
        this.pos += 1;
        this.#quantify(char);
        return;
      case '{': {
        const repeat = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.pos));
        if (repeat?.[1] === undefined)
          throw patternError('{ must start a repetition such as {2}, {2,} or {2,5}', this.pos);
        if (repeat[3] !== undefined && repeat[3] !== '' && Number(repeat[3]) < Number(repeat[1])) {
          throw patternError(`the repetition ${repeat[0]} has its bounds the wrong way round`, this.pos);
        }
        this.pos += repeat[0].length;
        this.#quantify(repeat[0]);
        return;
      }
      default: {
        const cp = this.pattern.codePointAt(this.pos) ?? 0;
        this.pos += cp > 0xffff ? 2 : 1;
        this.#char(cp);
      }
    }
  }

  /** Case must be folded by hand: this scope ignores case but the whole pattern does not. */
  #fold(flags: Flags): boolean {
    if (!flags.i && this.jsIgnoreCase) throw new CaseScopeChanged();
    return flags.i && !this.jsIgnoreCase;
  }

  #char(cp: number): void {
    if (cp === 0x0a && !this.options.multiline) throw newlineError();
    if (this.#fold(this.#flags)) {
      const variants = caseVariants(cp);
      if (variants.length > 1) {
        this.#atom(`[${variants.map(classLiteral).join('')}]`, false);
        return;
      }
    }
    const literal = this.#frames.length === 1 && !this.jsIgnoreCase;
    this.#atom(outsideLiteral(cp), false, literal);
    if (literal) {
      this.#runChar = String.fromCodePoint(cp);
      this.#run += this.#runChar;
    }
  }

  #class(js: string): void {
    this.#atom(this.options.multiline ? js : `[${js}--\\n]`, false);
  }

  #atom(js: string, assertion: boolean, literal = false): void {
    if (!literal) this.#flush();
    this.#lastAtom = this.#out.length;
    this.#out += js;
    this.#canQuantify = true;
    this.#wrapNext = assertion;
  }

  #quantify(quantifier: string): void {
    if (!this.#canQuantify)
      throw patternError(`the repetition ${quantifier} has nothing before it to repeat`, this.pos - 1);
    let lazy = this.pattern[this.pos] === '?';
    if (lazy) this.pos += 1;
    if (this.#flags.U) lazy = !lazy;
    if (this.#wrapNext) this.#out = `${this.#out.slice(0, this.#lastAtom)}(?:${this.#out.slice(this.#lastAtom)})`;
    this.#out += quantifier + (lazy ? '?' : '');
    this.#wrapNext = true;
    if (this.#runChar !== '') this.#run = this.#run.slice(0, this.#run.length - this.#runChar.length);
    this.#flush();
  }

  #flush(): void {
    if (this.#run !== '') this.#runs.push(this.#run);
    this.#run = '';
    this.#runChar = '';
  }

  #open(): void {
    const rest = this.pattern.slice(this.pos + 1);
    const flags = { ...this.#flags };
    const start = this.pos;
    if (!rest.startsWith('?')) {
      this.pos += 1;
    } else if (/^\?(=|!|<=|<!)/.test(rest)) {
      throw lookAroundError();
    } else if (/^\?P?</.test(rest)) {
      const name = /^\?P?<([A-Za-z_][A-Za-z0-9_.[\]]*)>/.exec(rest);
      if (name === null) throw patternError('a group name must be letters, digits or _ inside (?P<...>)', start);
      this.pos += 1 + name[0].length;
    } else {
      const set = /^\?([a-zA-Z-]*)([):])/.exec(rest);
      if (set?.[1] === undefined) throw patternError('unknown group syntax (?', start);
      this.#setFlags(flags, set[1], start);
      this.pos += 1 + set[0].length;
      if (set[2] === ')') {
        Object.assign((this.#frames.at(-1) as Frame).flags, flags);
        this.#canQuantify = false;
        return;
      }
    }
    this.#flush();
    this.#frames.push({ flags, outStart: this.#out.length });
    this.#out += '(?:';
    this.#canQuantify = false;
  }

  #setFlags(flags: Flags, letters: string, start: number): void {
    let on = true;
    for (const letter of letters) {
      if (letter === '-') on = false;
      else if (letter === 'i' || letter === 's' || letter === 'm' || letter === 'x' || letter === 'U')
        flags[letter] = on;
      else if (letter === 'u' && on) continue;
      else if (letter === 'u') throw patternError('(?-u) byte mode is not supported', start);
      else throw patternError(`unknown flag ${letter} in (?${letters})`, start);
    }
  }

  #close(): void {
    if (this.#frames.length === 1) throw patternError('a ) has no ( to close', this.pos);
    const frame = this.#frames.pop() as Frame;
    this.pos += 1;
    this.#flush();
    this.#out += ')';
    this.#lastAtom = frame.outStart;
    this.#canQuantify = true;
    this.#wrapNext = false;
  }
}

/** The pattern as ripgrep 13 spells it: `\/`-style escapes of plain punctuation dropped, `(?<n>` as `(?P<n>`. */
function ripgrepSpelling(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    const next = pattern[index + 1];
    if (char === '\\' && next !== undefined) {
      out += LENIENT.has(next) ? next : char + next;
      index += 1;
    } else if (char === '(' && pattern.startsWith('?<', index + 1) && !/^[=!]/.test(pattern[index + 3] ?? '')) {
      out += '(?P<';
      index += 2;
    } else {
      out += char;
    }
  }
  return out;
}
