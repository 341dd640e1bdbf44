import { describe, expect, it } from 'vitest';
import { type ArgvPattern, compileArgvPattern, matchesArgv } from './argv-pattern.js';

function compiled(value: unknown): ArgvPattern {
  const pattern = compileArgvPattern(value);
  if (Array.isArray(pattern)) throw new Error(JSON.stringify(pattern));
  return pattern;
}

describe('argv patterns', () => {
  const tests = compiled([['npm', 'pnpm'], ['test', 'run'], '*']);
  const push = compiled(['git', ['push', 'fetch']]);

  it.each([
    [['npm', 'test'], true],
    [['pnpm', 'run', 'lint'], true],
    [['npm', 'test', '--', '--watch'], true],
    [['npm', 'publish'], false],
    [['yarn', 'test'], false],
    [['npm'], false],
  ])('alternatives and "*": %j is %s', (argv, expected) => {
    expect(matchesArgv(tests, argv, false)).toBe(expected);
  });

  it('is a prefix even without a final "*"', () => {
    expect(matchesArgv(push, ['git', 'push', 'origin', 'main'], false)).toBe(true);
    expect(matchesArgv(push, ['git', 'status'], false)).toBe(false);
  });

  it('knows a program by its base name only when asked to (deny and ask rules)', () => {
    const remove = compiled(['rm']);
    expect(matchesArgv(remove, ['/bin/rm', '-rf', 'x'], true)).toBe(true);
    expect(matchesArgv(remove, ['./rm'], true)).toBe(true);
    expect(matchesArgv(remove, ['/bin/rm', '-rf', 'x'], false)).toBe(false);
    expect(matchesArgv(remove, ['/bin/xrm'], true)).toBe(false);
    expect(matchesArgv(compiled(['git', 'rm']), ['git', '/x/rm'], true)).toBe(false);
  });

  it('matches any command with ["*"]', () => {
    expect(matchesArgv(compiled(['*']), ['anything', 'at', 'all'], false)).toBe(true);
  });

  it.each([
    [[], [{ at: '', message: 'must be a non-empty list of tokens, lists of alternative tokens, or "*" last' }]],
    ['npm', [{ at: '', message: 'must be a non-empty list of tokens, lists of alternative tokens, or "*" last' }]],
    [['*', 'x'], [{ at: '[0]', message: '"*" (any rest) may only be the last element' }]],
    [
      ['node', 18],
      [
        {
          at: '[1]',
          message: 'must be a token, a non-empty list of alternative tokens, or "*" as the last element',
        },
      ],
    ],
    [
      ['npm', ['test', 3, '']],
      [
        { at: '[1][1]', message: 'must be a non-empty string (quote numbers)' },
        { at: '[1][2]', message: 'must be a non-empty string (quote numbers)' },
      ],
    ],
    [
      ['npm', []],
      [{ at: '[1]', message: 'must be a token, a non-empty list of alternative tokens, or "*" as the last element' }],
    ],
  ])('rejects %j', (value, problems) => {
    expect(compileArgvPattern(value)).toEqual(problems);
  });
});
