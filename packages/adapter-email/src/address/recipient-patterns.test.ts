import { describe, expect, it } from 'vitest';
import { recipientPatternProblem, recipientPatterns } from './recipient-patterns.js';

describe('recipient patterns', () => {
  const allowed = recipientPatterns(['*@example.com', 'bob@example.org', '*@*.partner.example']);

  it('matches without case, and a star never crosses the @', () => {
    expect(allowed.matches('ana@example.com')).toBe(true);
    expect(allowed.matches('ANA@EXAMPLE.COM')).toBe(true);
    expect(allowed.matches('Bob@example.org')).toBe(true);
    expect(allowed.matches('kim@eu.partner.example')).toBe(true);
    expect(allowed.matches('alice@example.org')).toBe(false);
    expect(allowed.matches('kim@partner.example')).toBe(false);
    expect(allowed.matches('ana@example.com.evil.example')).toBe(false);
    expect(allowed.matches('ana@evil.example@example.com')).toBe(false);
  });

  it('treats other characters literally', () => {
    const dotted = recipientPatterns(['a.b+c@example.com']);
    expect(dotted.matches('a.b+c@example.com')).toBe(true);
    expect(dotted.matches('aXb+c@example.com')).toBe(false);
    expect(dotted.matches('a.bbc@example.com')).toBe(false);
  });

  it('says what is wrong with a pattern', () => {
    expect(recipientPatternProblem('*@example.com')).toBeUndefined();
    expect(recipientPatternProblem('')).toBe('a pattern must be a non-empty string');
    expect(recipientPatternProblem(7)).toBe('a pattern must be a non-empty string');
    expect(recipientPatternProblem('example.com')).toBe(
      '"example.com" needs exactly one \'@\', as in *@example.com or bob@example.org',
    );
    expect(recipientPatternProblem('@example.com')).toBe('"@example.com" needs something on both sides of the \'@\'');
    expect(recipientPatternProblem('a@b, c@d')).toBe('"a@b, c@d" has a space, a bracket or a separator');
  });
});
