import { describe, expect, it } from 'vitest';
import { parseRecipient } from './recipient-address.js';

describe('parseRecipient', () => {
  it('reads a bare address, lower-casing the domain and keeping the local part as given', () => {
    expect(parseRecipient('Bob@Example.ORG')).toEqual({
      address: 'Bob@example.org',
      local: 'Bob',
      domain: 'example.org',
      name: undefined,
    });
    expect(parseRecipient('  bob@x.org.  ')).toMatchObject({ address: 'bob@x.org' });
  });

  it('reads a named address, plain or quoted, and leaves the name out of the address', () => {
    expect(parseRecipient('Bob Smith <bob@Example.org>')).toEqual({
      address: 'bob@example.org',
      local: 'bob',
      domain: 'example.org',
      name: 'Bob Smith',
    });
    expect(parseRecipient('"Doe, Jane" <jane@x.org>')).toMatchObject({ address: 'jane@x.org', name: 'Doe, Jane' });
    expect(parseRecipient('"say \\"hi\\"" <a@x.org>')).toMatchObject({ name: 'say "hi"' });
    expect(parseRecipient('<bob@x.org>')).toMatchObject({ address: 'bob@x.org', name: undefined });
  });

  it('reads addresses in other scripts', () => {
    expect(parseRecipient('José <josé@Bücher.de>')).toMatchObject({
      address: 'josé@xn--bcher-kva.de',
      domain: 'xn--bcher-kva.de',
    });
  });

  it('says why a text is not one address', () => {
    const cases: Record<string, string> = {
      '': 'it is empty',
      bob: 'it has no "@"',
      'bob@': 'no domain follows the "@"',
      '@x.org': 'nothing comes before the "@"',
      'a@b@c.org': 'it has more than one "@"',
      'bob@x.org, carol@y.org': 'it holds more than one address; give one address per value',
      'bob@x.org carol@y.org': 'it holds more than one address; give one address per value',
      'Bob, Carol <c@x.org>': 'a name with a comma, semicolon, "<", ">" or a quote in it must be in double quotes',
      'b@x.org <c@x.org>': 'it holds more than one address; give one address per value',
      'a b@x.org': 'an address has no spaces, commas or semicolons in it',
      'bob@x.org\r\nBcc: eve@evil.org': 'it holds a line break or another control character',
      'bob@x.org\u2028': 'it holds a line break or another control character',
      'Bob <bob@x.org': 'write a named address as Name <address>, with the address last',
      'Bob <bob@x.org> more': 'write a named address as Name <address>, with the address last',
      'bob@x.org>': 'it ends with ">" but has no "<" before the address',
      '"Jane <j@x.org>': 'its quoted name is not closed, or text follows the closing quote',
      'a..b@x.org':
        'the part before the "@" holds a character an address cannot have unquoted, or dots at its ends or side by side',
      'bob@-x.org': '"-x.org" is not a domain (letters, digits and inner "-" between dots)',
      'bob@x..org': '"x..org" is not a domain (letters, digits and inner "-" between dots)',
      'bob@[127.0.0.1]': '"[127.0.0.1]" is not a domain (letters, digits and inner "-" between dots)',
      [`${'x'.repeat(65)}@x.org`]: 'the part before the "@" is longer than 64 characters',
      [`xxxxxxxxxx@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.org`]:
        'it is longer than 254 characters',
    };
    for (const [text, problem] of Object.entries(cases)) expect([text, parseRecipient(text)]).toEqual([text, problem]);
  });
});
