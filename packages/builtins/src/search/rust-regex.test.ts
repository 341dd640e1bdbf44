// The Rust-to-JavaScript translation: Rust meanings kept (Unicode \w and \b, `.` never matching a line
// break, `$` not matching before \r), the few spellings ripgrep 13 lacks rewritten for it.
import { describe, expect, it } from 'vitest';
import { translateRustRegex } from './rust-regex.js';

function matches(pattern: string, text: string, multiline = false, ignoreCase = false): string[] {
  const { source, flags } = translateRustRegex(pattern, { ignoreCase, multiline });
  return [...text.matchAll(new RegExp(source, `${flags}g`))].map((found) => found[0]);
}

describe('translateRustRegex', () => {
  it.each([
    ['\\w+', 'café naïve', ['café', 'naïve']],
    ['\\bmain\\b', 'main mainly _main émain', ['main']],
    ['\\d+', 'a ١٢٣ 42', ['١٢٣', '42']],
    ['two$', 'two\r\ntwo', ['two']],
    ['^.', 'ab\ncd', ['a', 'c']],
    ['[^a]', 'a\nb', ['b']],
    ['\\s', 'a b\nc', [' ']],
    ['a(?i)b', 'ab aB Ab', ['ab', 'aB']],
    ['(?i)a(?-i)b', 'ab Ab aB', ['ab', 'Ab']],
    ['[[:digit:]x]+', 'x12 y', ['x12']],
    ['[a-z&&[^aeiou]]+', 'hello', ['h', 'll']],
    ['[a-c~~b-d]+', 'abcd', ['a', 'd']],
    ['\\p{Greek}+', 'abc αβγ', ['αβγ']],
    ['\\x{263A}|\\u0041', 'A ☺', ['A', '☺']],
    ['(?P<word>ab)+', 'ababx', ['abab']],
    ['a**', 'aaa', ['aaa', '']],
    ['(?U)a+', 'aaa', ['a', 'a', 'a']],
  ] as const)('%s on %j', (pattern, text, expected) => {
    expect(matches(pattern, text)).toEqual(expected);
  });

  it('lets . and \\s cross lines only in multiline mode', () => {
    expect(matches('a.b', 'a\nb a-b', true)).toEqual(['a\nb', 'a-b']);
    expect(matches('a(?-s).b', 'a\nb a-b', true)).toEqual(['a-b']);
    expect(matches('^b', 'a\nb', true)).toEqual(['b']);
  });

  it('finds a literal every match must contain, for the byte pre-check', () => {
    expect(translateRustRegex('function\\s+main', { ignoreCase: false, multiline: false }).literal).toBe('function');
    expect(translateRustRegex('TODOs?', { ignoreCase: false, multiline: false }).literal).toBe('TODO');
    expect(translateRustRegex('foo|bar', { ignoreCase: false, multiline: false }).literal).toBeUndefined();
    expect(translateRustRegex('foo', { ignoreCase: true, multiline: false }).literal).toBeUndefined();
  });

  it('gives ripgrep 13 the spellings it knows', () => {
    expect(translateRustRegex('a\\/b(?<n>c)', { ignoreCase: false, multiline: false }).ripgrep).toBe('a/b(?P<n>c)');
    expect(translateRustRegex('a\\\\/b', { ignoreCase: false, multiline: false }).ripgrep).toBe('a\\\\/b');
  });

  it.each([
    '(?=a)',
    '(?<=a)b',
    '(a)\\1',
    '\\k<n>',
    'a{,3}',
    '*a',
    '(a',
    'a)',
    '[a',
    '\\p{Nope}',
    '\\<a',
    '\\e',
    '(?-u)a',
  ])('refuses %s', (pattern) => {
    expect(() => translateRustRegex(pattern, { ignoreCase: false, multiline: false })).toThrow(
      expect.objectContaining({ code: 'invalid_arguments' }),
    );
  });
});
