import { describe, expect, it } from 'vitest';
import { count, duration, plainNumber } from './plain-numbers.js';

describe('plain numbers', () => {
  it('groups integers of five digits or more by commas and leaves the rest as JavaScript writes them', () => {
    expect([5, 2000, 9999, 10_000, 1_048_576, -250_000, 0.01, -3, 1.5e300].map(plainNumber)).toEqual([
      '5',
      '2000',
      '9999',
      '10,000',
      '1,048,576',
      '-250,000',
      '0.01',
      '-3',
      '1.5e+300',
    ]);
  });

  it('makes the noun agree with the number', () => {
    expect(count(1, 'character')).toBe('1 character');
    expect(count(2, 'character')).toBe('2 characters');
    expect(count(0, 'item')).toBe('0 items');
    expect(count(1, 'property', 'properties')).toBe('1 property');
    expect(count(20_000, 'property', 'properties')).toBe('20,000 properties');
  });

  it('writes a time limit in its largest whole unit', () => {
    expect([3_600_000, 7_200_000, 1_800_000, 30_000, 1000, 610_000, 250, 1500].map(duration)).toEqual([
      '1 hour',
      '2 hours',
      '30 minutes',
      '30 seconds',
      '1 second',
      '610 seconds',
      '250 ms',
      '1500 ms',
    ]);
  });
});
