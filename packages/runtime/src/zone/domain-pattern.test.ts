import { describe, expect, it } from 'vitest';
import { compileDomainPattern, type DomainPattern, matchesDomain } from './domain-pattern.js';

function compiled(text: string): DomainPattern {
  const pattern = compileDomainPattern(text);
  if (typeof pattern === 'string') throw new Error(pattern);
  return pattern;
}

describe('domain patterns', () => {
  it.each([
    ['docs.python.org', 'docs.python.org', true],
    ['docs.python.org', 'DOCS.Python.org.', true],
    ['docs.python.org', 'python.org', false],
    ['docs.python.org', 'evil.docs.python.org', false],
    ['Docs.Python.ORG.', 'docs.python.org', true],
    ['*.mozilla.org', 'developer.mozilla.org', true],
    ['*.mozilla.org', 'a.b.mozilla.org', true],
    ['*.mozilla.org', 'Developer.Mozilla.Org.', true],
    ['*.mozilla.org', 'mozilla.org', false],
    ['*.mozilla.org', 'evilmozilla.org', false],
    ['*.mozilla.org', 'mozilla.org.evil.com', false],
  ])('%s matches %s: %s', (pattern, host, expected) => {
    expect(matchesDomain(compiled(pattern), host)).toBe(expected);
  });

  it.each([
    ['*mozilla.org'],
    ['docs.*.org'],
    ['https://docs.python.org'],
    ['docs.python.org:443'],
    ['-bad.org'],
    ['a..org'],
    ['*.'],
    [''],
  ])('rejects %j', (text) => {
    expect(compileDomainPattern(text)).toBe(
      `${JSON.stringify(text)} is not a host name (letters, digits and "-" between dots), nor "*." followed by one`,
    );
  });
});
