import { describe, expect, it } from 'vitest';
import { expandBraces, MAX_BRACE_WORDS } from './brace-expansion.js';

const unquoted = (value: string) => ({ value, mask: 'u'.repeat(value.length) });
const values = (value: string) => expandBraces(unquoted(value))?.map((word) => word.value);

describe('expandBraces', () => {
  it.each([
    ['plain', ['plain']],
    ['{a,b}', ['a', 'b']],
    ['x{a,b}y', ['xay', 'xby']],
    ['{a,b}{c,d}', ['ac', 'ad', 'bc', 'bd']],
    ['{a,{b,c}d}e', ['ae', 'bde', 'cde']],
    ['x{,}y', ['xy', 'xy']],
    ['{a}', ['{a}']],
    ['{}', ['{}']],
    ['{a,b}}', ['a}', 'b}']],
    ['{{a,b}', ['{a', '{b']],
    ['{a,{b}}', ['a', '{b}']],
    ['{a,{b,c}', ['{a,b', '{a,c']],
  ])('%s gives %j, as bash does', (word, expected) => {
    expect(values(word)).toEqual(expected);
  });

  it('leaves quoted braces and commas alone', () => {
    expect(expandBraces({ value: '{a,b}', mask: 'quuuq' })).toEqual([{ value: '{a,b}', mask: 'quuuq', braces: false }]);
    expect(expandBraces({ value: '{a,b}', mask: 'uuquu' })).toEqual([{ value: '{a,b}', mask: 'uuquu', braces: false }]);
  });

  it('keeps the mask of each piece', () => {
    expect(expandBraces({ value: '{a,b}x', mask: 'uququq' })).toEqual([
      { value: 'ax', mask: 'qq', braces: false },
      { value: 'bx', mask: 'qq', braces: false },
    ]);
  });

  it('marks sequence expressions, which it leaves for bash', () => {
    expect(expandBraces(unquoted('{1..3}'))).toEqual([{ value: '{1..3}', mask: 'uuuuuu', braces: true }]);
    expect(expandBraces(unquoted('{a..z..2}x'))?.[0]?.braces).toBe(true);
    expect(expandBraces(unquoted('{1..}'))?.[0]?.braces).toBe(false);
  });

  it(`gives up beyond ${MAX_BRACE_WORDS} words`, () => {
    expect(expandBraces(unquoted('{a,b}'.repeat(8)))).toHaveLength(256);
    expect(expandBraces(unquoted('{a,b}'.repeat(9)))).toBeUndefined();
  });

  it('stays fast on deep nesting', () => {
    const word = `${'{'.repeat(50_000)}a,b${'}'.repeat(50_000)}`;
    const started = performance.now();
    expect(expandBraces(unquoted(word))).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
