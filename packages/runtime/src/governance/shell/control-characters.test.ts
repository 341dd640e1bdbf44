import { describe, expect, it } from 'vitest';
import { checkCharacters, isUnicodeSpace, unicodeSpaceRefusal } from './control-characters.js';

describe('checkCharacters', () => {
  it.each(['echo hi\tthere\n', 'echo "é ü 日本 🙂"', "echo '\u00a0'"])('accepts %j', (text) => {
    expect(() => checkCharacters(text, 0)).not.toThrow();
  });

  it.each([
    ['a\rb', 'a carriage return (U+000D) at offset 11'],
    ['a\x7fb', 'the character (U+007F) at offset 11'],
    ['a\x85b', 'the character (U+0085) at offset 11'],
    ['a\u2066b', 'the character (U+2066) at offset 11'],
    ['a\ufeffb', 'a zero-width no-break space (U+FEFF) at offset 11'],
    ['a\x1bb', 'an escape character (U+001B) at offset 11'],
  ])('refuses %j', (text, found) => {
    expect(() => checkCharacters(text, 10)).toThrow(
      `The command line contains ${found}; bash would not read the line the way it looks, so it is refused. Remove the character.`,
    );
  });

  it('refuses a lone surrogate and accepts a pair', () => {
    expect(() => checkCharacters('\udc00', 0)).toThrow('broken UTF-16 surrogate at offset 0');
    expect(() => checkCharacters('\ud83d\ude42', 0)).not.toThrow();
  });
});

describe('isUnicodeSpace', () => {
  it('knows the spaces bash takes as word characters', () => {
    expect([0x00a0, 0x2000, 0x200a, 0x202f, 0x3000].every(isUnicodeSpace)).toBe(true);
    expect([0x20, 0x09, 0x41, 0x200b].some(isUnicodeSpace)).toBe(false);
  });

  it('describes the refusal', () => {
    expect(unicodeSpaceRefusal('\u00a0', 3)).toMatchObject({
      rule: 'control-character',
      at: 3,
      message:
        'The command line contains a non-breaking space (U+00A0) outside quotes at offset 3; bash takes it as part of a word, not as a space. Use a plain space.',
    });
  });
});
