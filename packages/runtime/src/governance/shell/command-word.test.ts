import { describe, expect, it } from 'vitest';
import { wordsText } from './command-word.js';

describe('wordsText', () => {
  it('joins the words as written, once per brace expansion', () => {
    expect(
      wordsText([
        { value: 'mkdir', source: 'mkdir', expansions: [] },
        { value: 'a', source: '{a,b}', expansions: [] },
        { value: 'b', source: '', expansions: [] },
        { value: 'x y', source: "'x y'", expansions: [] },
      ]),
    ).toBe("mkdir {a,b} 'x y'");
  });
});
