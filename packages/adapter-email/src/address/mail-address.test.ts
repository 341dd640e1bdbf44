import { describe, expect, it } from 'vitest';
import { formatMailAddress, parseMailAddress } from './mail-address.js';

describe('parseMailAddress (governance parser, as the adapter uses it)', () => {
  it('reads one address, bare or named, lower-casing only the domain', () => {
    expect(parseMailAddress('Ana@Example.ORG')).toEqual({ name: '', address: 'Ana@example.org' });
    expect(parseMailAddress('  Ana Example <ana@example.org> ')).toEqual({
      name: 'Ana Example',
      address: 'ana@example.org',
    });
    expect(parseMailAddress('"Doe, Jane" <jane@example.org>')).toEqual({
      name: 'Doe, Jane',
      address: 'jane@example.org',
    });
    expect(parseMailAddress('jürgen@bücher.de')).toEqual({ name: '', address: 'jürgen@xn--bcher-kva.de' });
  });

  it('says why a text is not exactly one address', () => {
    const reasons = [
      'ana',
      'ana@example.org, bob@example.org',
      'friends: ana@example.org;',
      'ana@example.org\r\nBcc: eve@evil.example',
      'a@b@example.org',
      '.ana@example.org',
    ].map((text) => parseMailAddress(text));
    expect(reasons.every((reason) => typeof reason === 'string')).toBe(true);
    expect(reasons).toMatchInlineSnapshot(`
      [
        "it has no "@"",
        "it holds more than one address; give one address per value",
        "an address has no spaces, commas or semicolons in it",
        "it holds a line break or another control character",
        "it has more than one "@"",
        "the part before the "@" holds a character an address cannot have unquoted, or dots at its ends or side by side",
      ]
    `);
  });

  it('writes a named address the way it was given', () => {
    expect(formatMailAddress({ name: 'Ana', address: 'ana@example.org' })).toBe('Ana <ana@example.org>');
    expect(formatMailAddress({ name: '', address: 'ana@example.org' })).toBe('ana@example.org');
  });
});
