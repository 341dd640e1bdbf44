import { describe, expect, it } from 'vitest';
import { parseRecipient } from './recipient-address.js';
import { compileRecipientPattern, matchesRecipient, type RecipientPattern } from './recipient-pattern.js';

function pattern(text: string): RecipientPattern {
  const compiled = compileRecipientPattern(text);
  if (typeof compiled === 'string') throw new Error(compiled);
  return compiled;
}

function address(text: string): string {
  const parsed = parseRecipient(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed.address;
}

describe('one domain, one spelling (IDNA)', () => {
  it('judges a domain of another script by its ASCII form, whichever way it is written', () => {
    expect(address('Anna <anna@Bücher.de>')).toBe('anna@xn--bcher-kva.de');
    expect(address('anna@xn--bcher-kva.de')).toBe('anna@xn--bcher-kva.de');
    for (const written of ['*@bücher.de', '*@xn--bcher-kva.de', '*@BÜCHER.DE']) {
      expect(matchesRecipient(pattern(written), address('anna@bücher.de'))).toBe(true);
      expect(matchesRecipient(pattern(written), address('anna@xn--bcher-kva.de'))).toBe(true);
    }
    expect(matchesRecipient(pattern('*@*.bücher.de'), address('x@shop.xn--bcher-kva.de'))).toBe(true);
  });

  it('shows a look-alike letter for what it is, so a rule for the real domain does not cover it', () => {
    // A Cyrillic "а" in place of the Latin "a".
    const lookalike = address('bob@ex\u0430mple.com');
    expect(lookalike).toBe('bob@xn--exmple-4nf.com');
    expect(matchesRecipient(pattern('*@example.com'), lookalike)).toBe(false);
  });

  it('refuses a star inside a label of another script, saying how to write it', () => {
    expect(compileRecipientPattern('*@b*cher-ü.de')).toBe(
      '"*@b*cher-ü.de" is not a recipient pattern: a label of another script cannot hold "*"; write it whole, or "*" alone',
    );
  });
});
