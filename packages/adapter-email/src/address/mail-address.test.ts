import { describe, expect, it } from 'vitest';
import { formatMailAddress, parseMailAddress } from './mail-address.js';

describe('parseMailAddress', () => {
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
    expect(parseMailAddress('<bob@example.org>')).toEqual({ name: '', address: 'bob@example.org' });
    expect(parseMailAddress('jürgen@bücher.de')).toEqual({ name: '', address: 'jürgen@bücher.de' });
    expect(parseMailAddress('first.last+tag@mail.example.co.uk')?.address).toBe('first.last+tag@mail.example.co.uk');
  });

  it('refuses everything that is not exactly one address', () => {
    for (const text of [
      '',
      'ana',
      'ana@',
      '@example.org',
      'a@b@example.org',
      'ana@example.org, bob@example.org',
      'ana@example.org bob@example.org',
      'friends: ana@example.org;',
      'ana@example.org\r\nBcc: eve@evil.example',
      'Ana <ana@example.org> trailing',
      'ana..x@example.org',
      '.ana@example.org',
      'ana@-example.org',
      'ana@example..org',
      `${'x'.repeat(65)}@example.org`,
      'Ana "quoted <ana@example.org>',
    ]) {
      expect(parseMailAddress(text), text).toBeUndefined();
    }
  });

  it('writes a named address the way it was given', () => {
    expect(formatMailAddress({ name: 'Ana', address: 'ana@example.org' })).toBe('Ana <ana@example.org>');
    expect(formatMailAddress({ name: '', address: 'ana@example.org' })).toBe('ana@example.org');
  });
});
