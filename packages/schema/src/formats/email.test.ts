import { describe, expect, it } from 'vitest';
import { isEmail } from './email.js';

describe('email format', () => {
  it.each(['name@example.com', 'first.last+tag@sub.example.org', "o'brien@example.ie", 'x@a.io'])(
    'accepts %s',
    (value) => {
      expect(isEmail(value)).toBe(true);
    },
  );

  it.each([
    'name',
    'name@',
    '@example.com',
    'name@localhost',
    '.name@example.com',
    'a..b@example.com',
    'a b@example.com',
  ])('rejects %s', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('limits the local part to 64 characters', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
});
