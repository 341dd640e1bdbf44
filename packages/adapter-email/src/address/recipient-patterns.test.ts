import { describe, expect, it } from 'vitest';
import { type RecipientPatterns, recipientPatterns } from './recipient-patterns.js';

describe('recipient patterns (governance syntax, as the adapter checks them again)', () => {
  const allowed = recipientPatterns(['*@example.com', 'bob@example.org', '*@*.partner.example']) as RecipientPatterns;

  it('matches without case, and a star never crosses the @', () => {
    expect(allowed.matches('ana@example.com')).toBe(true);
    expect(allowed.matches('ANA@EXAMPLE.COM')).toBe(true);
    expect(allowed.matches('Bob@example.org')).toBe(true);
    expect(allowed.matches('kim@eu.partner.example')).toBe(true);
    expect(allowed.matches('alice@example.org')).toBe(false);
    expect(allowed.matches('kim@partner.example')).toBe(false);
    expect(allowed.matches('ana@example.com.evil.example')).toBe(false);
  });

  it('says which pattern is wrong and why', () => {
    expect(recipientPatterns(['*@example.com', 'example.com'])).toMatchInlineSnapshot(
      `"[1]: "example.com" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)"`,
    );
    expect(recipientPatterns([7])).toBe('[0] must be a pattern such as *@example.com');
    expect(recipientPatterns([''])).toBe('[0] must be a pattern such as *@example.com');
  });
});
