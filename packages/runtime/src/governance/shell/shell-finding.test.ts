import { describe, expect, it } from 'vitest';
import { type ShellFinding, snippet, verdictOf } from './shell-finding.js';

const finding = (effect: 'ask' | 'deny', rule: string, at: number, code?: string): ShellFinding => ({
  effect,
  rule,
  message: `${rule} message`,
  at,
  ...(code === undefined ? {} : { code }),
});

describe('verdictOf', () => {
  it('allows when nothing was found, with the rule it is given', () => {
    expect(verdictOf([])).toEqual({ effect: 'allow' });
    expect(verdictOf([], 'runtime-expansion')).toEqual({ effect: 'allow', rule: 'runtime-expansion' });
  });

  it('takes the strictest finding, then the earliest', () => {
    expect(verdictOf([finding('ask', 'b', 5), finding('ask', 'a', 2)])).toEqual({
      effect: 'ask',
      rule: 'a',
      question: 'a message',
    });
    expect(
      verdictOf([finding('ask', 'a', 0), finding('deny', 'd', 9), finding('deny', 'c', 3, 'hardline_denied')]),
    ).toEqual({
      effect: 'deny',
      code: 'hardline_denied',
      rule: 'c',
      reason: 'c message',
    });
    expect(verdictOf([finding('deny', 'd', 1)])).toMatchObject({ code: 'denied' });
  });
});

describe('snippet', () => {
  it('quotes and cuts at 60 characters', () => {
    expect(snippet('ls')).toBe('`ls`');
    expect(snippet('x'.repeat(80))).toBe(`\`${'x'.repeat(59)}…\``);
  });
});
