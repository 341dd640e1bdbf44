import { describe, expect, it } from 'vitest';
import { compileRecipientPattern, matchesRecipient, type RecipientPattern } from './recipient-pattern.js';

function matches(pattern: string, address: string): boolean {
  return matchesRecipient(compileRecipientPattern(pattern) as RecipientPattern, address);
}

describe('recipient patterns', () => {
  it('matches a whole domain, one address, or subdomains only, without case', () => {
    expect(matches('*@example.com', 'Bob@example.com')).toBe(true);
    expect(matches('*@example.com', 'bob@sub.example.com')).toBe(false);
    expect(matches('*@example.com', 'bob@notexample.com')).toBe(false);
    expect(matches('bob@example.org', 'BOB@example.org')).toBe(true);
    expect(matches('Bob@Example.org', 'bob@example.org')).toBe(true);
    expect(matches('bob@example.org', 'bobby@example.org')).toBe(false);
    expect(matches('*@*.example.com', 'a@mail.example.com')).toBe(true);
    expect(matches('*@*.example.com', 'a@x.mail.example.com')).toBe(true);
    expect(matches('*@*.example.com', 'a@example.com')).toBe(false);
    expect(matches('*@*', 'a@b')).toBe(true);
    expect(matches('josé@bücher.de', 'JOSÉ@bücher.de')).toBe(true);
  });

  it('never lets "*" cross the "@" or read other characters as special', () => {
    expect(matches('bob*@x.org', 'bob@x.org')).toBe(true);
    expect(matches('bob*@x.org', 'bob.smith@x.org')).toBe(true);
    expect(matches('*@x.org', 'a@evil.org@x.org')).toBe(false);
    expect(matches('a+b@x.org', 'aab@x.org')).toBe(false);
    expect(matches('a.b@x.org', 'axb@x.org')).toBe(false);
  });

  it('says what is wrong with a pattern', () => {
    const cases: Record<string, string> = {
      bob: '"bob" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)',
      '*': '"*" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)',
      'a@b@c':
        '"a@b@c" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)',
      '@x.org':
        '"@x.org" is not a recipient pattern: the part before "@" must be letters, digits, "*" or the characters an address allows',
      'b ob@x.org':
        '"b ob@x.org" is not a recipient pattern: the part before "@" must be letters, digits, "*" or the characters an address allows',
      'bob@':
        '"bob@" is not a recipient pattern: the part after "@" must be a domain (letters, digits and inner "-" between dots), "*" for any run of characters',
      'bob@x..org':
        '"bob@x..org" is not a recipient pattern: the part after "@" must be a domain (letters, digits and inner "-" between dots), "*" for any run of characters',
    };
    for (const [text, problem] of Object.entries(cases)) {
      expect([text, compileRecipientPattern(text)]).toEqual([text, problem]);
    }
  });
});

describe('recipient patterns with many stars', () => {
  it('match in time proportional to the lengths, not exponential in the stars', () => {
    const pattern = compileRecipientPattern(`${'*a'.repeat(30)}*b@*`) as RecipientPattern;
    const started = performance.now();
    expect(matchesRecipient(pattern, `${'a'.repeat(64)}@x.org`)).toBe(false);
    expect(matchesRecipient(pattern, `${'a'.repeat(63)}b@x.org`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
