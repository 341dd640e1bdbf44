import { describe, expect, it } from 'vitest';
import { wordExpansions } from './shell-word.js';

describe('wordExpansions', () => {
  it.each([
    ['plain', 'uuuuu', []],
    ['$HOME/x', '$$$$$uu', ['parameter']],
    ['$(id)', 'ccccc', ['substitution']],
    ['~/x', 'uuu', ['tilde']],
    ['~/x', 'quu', []],
    ['a=~', 'uuu', ['tilde']],
    ['a:~', 'uuu', ['tilde']],
    ['a~', 'uu', []],
    ['*.ts', 'uuuu', ['glob']],
    ['*.ts', 'quuu', []],
    ['a?', 'uu', ['glob']],
    ['[ab]', 'uuuu', ['glob']],
    ['[', 'u', []],
    ['a]', 'uu', []],
  ])('%s (%s) → %j', (value, mask, expected) => {
    expect(wordExpansions({ value, mask })).toEqual(expected);
  });

  it('adds brace when told that a sequence is left', () => {
    expect(wordExpansions({ value: '{1..2}', mask: 'uuuuuu' }, true)).toEqual(['brace']);
  });
});
