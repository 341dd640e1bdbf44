import { describe, expect, it } from 'vitest';
import { ShellCursor, type ShellHooks } from './shell-cursor.js';
import { ShellLexer } from './shell-lexer.js';

const hooks: ShellHooks = {
  nested: () => {
    throw new Error('no nesting in these tests');
  },
  backquoted: () => ({ items: [] }),
  report: () => undefined,
};

function tokens(text: string): string[] {
  const lexer = new ShellLexer(new ShellCursor(text, 0, 0, hooks, { pendingHereDocuments: 0, depth: 0, commands: 0 }));
  const found: string[] = [];
  for (let token = lexer.next(); token.kind !== 'end'; token = lexer.next()) {
    if (token.kind === 'word') found.push(`w:${token.word.value}/${token.word.mask}`);
    else if (token.kind === 'operator') found.push(`o:${token.op === '\n' ? 'NL' : token.op}`);
    else found.push(`r:${token.fd ?? ''}${token.op}`);
  }
  return found;
}

describe('ShellLexer', () => {
  it('reads every operator', () => {
    expect(tokens('a && b || c ; d ;; e ;& f ;;& g | h |& i & j ( k ) l\nm')).toEqual([
      'w:a/u',
      'o:&&',
      'w:b/u',
      'o:||',
      'w:c/u',
      'o:;',
      'w:d/u',
      'o:;;',
      'w:e/u',
      'o:;&',
      'w:f/u',
      'o:;;&',
      'w:g/u',
      'o:|',
      'w:h/u',
      'o:|&',
      'w:i/u',
      'o:&',
      'w:j/u',
      'o:(',
      'w:k/u',
      'o:)',
      'w:l/u',
      'o:NL',
      'w:m/u',
    ]);
  });

  it('reads every redirection, with its file descriptor', () => {
    expect(tokens('< a > b >> c >| d <> e <<< f <& g >& h &> i &>> j 2> k 10< l')).toEqual([
      'r:<',
      'w:a/u',
      'r:>',
      'w:b/u',
      'r:>>',
      'w:c/u',
      'r:>|',
      'w:d/u',
      'r:<>',
      'w:e/u',
      'r:<<<',
      'w:f/u',
      'r:<&',
      'w:g/u',
      'r:>&',
      'w:h/u',
      'r:&>',
      'w:i/u',
      'r:&>>',
      'w:j/u',
      'r:2>',
      'w:k/u',
      'r:10<',
      'w:l/u',
    ]);
  });

  it('splits words at metacharacters only, and keeps a quoted number a word', () => {
    expect(tokens('a>b "2">c x2>y')).toEqual([
      'w:a/u',
      'r:>',
      'w:b/u',
      'w:2/q',
      'r:>',
      'w:c/u',
      'w:x2/uu',
      'r:>',
      'w:y/u',
    ]);
  });

  it('joins line continuations, also inside operators', () => {
    expect(tokens('a &\\\n& b\\\nc')).toEqual(['w:a/u', 'o:&&', 'w:bc/uu']);
  });

  it('skips comments up to the newline', () => {
    expect(tokens('a # b && c\nd')).toEqual(['w:a/u', 'o:NL', 'w:d/u']);
  });

  it('marks quoted, escaped and expanded text', () => {
    expect(tokens(`'a'"b$x"\\c$y`)).toEqual(['w:ab$xc$y/qq$$q$$']);
  });
});
