import { describe, expect, it } from 'vitest';
import { boundPhrases } from './bound-phrases.js';

describe('boundPhrases', () => {
  it('says number bounds in words, inclusive and exclusive, and steps', () => {
    expect(boundPhrases({ minimum: 1, maximum: 50 })).toEqual(['between 1 and 50']);
    expect(boundPhrases({ minimum: 5, maximum: 5 })).toEqual(['exactly 5']);
    expect(boundPhrases({ minimum: 0 })).toEqual(['at least 0']);
    expect(boundPhrases({ maximum: 600_000 })).toEqual(['at most 600,000']);
    expect(boundPhrases({ exclusiveMinimum: 0 })).toEqual(['more than 0']);
    expect(boundPhrases({ exclusiveMaximum: 1 })).toEqual(['less than 1']);
    expect(boundPhrases({ minimum: 0, exclusiveMaximum: 1 })).toEqual(['at least 0 and less than 1']);
    expect(boundPhrases({ exclusiveMinimum: -1.5, maximum: 2.25 })).toEqual(['more than -1.5 and at most 2.25']);
    expect(boundPhrases({ minimum: 0, exclusiveMinimum: 0 })).toEqual(['more than 0']);
    expect(boundPhrases({ multipleOf: 0.01 })).toEqual(['a multiple of 0.01']);
  });

  it('counts characters, items and properties in plain English, singular and plural', () => {
    expect(boundPhrases({ minLength: 1 })).toEqual(['at least 1 character']);
    expect(boundPhrases({ minLength: 2 })).toEqual(['at least 2 characters']);
    expect(boundPhrases({ maxLength: 1 })).toEqual(['at most 1 character']);
    expect(boundPhrases({ minLength: 1, maxLength: 120 })).toEqual(['between 1 and 120 characters']);
    expect(boundPhrases({ minLength: 4, maxLength: 4 })).toEqual(['exactly 4 characters']);
    expect(boundPhrases({ maxLength: 1_048_576 })).toEqual(['at most 1,048,576 characters']);
    expect(boundPhrases({ maxItems: 1 })).toEqual(['at most 1 item']);
    expect(boundPhrases({ minItems: 1, maxItems: 4 })).toEqual(['between 1 and 4 items']);
    expect(boundPhrases({ minItems: 2, maxItems: 2 })).toEqual(['exactly 2 items']);
    expect(boundPhrases({ minItems: 0, maxItems: 1 })).toEqual(['between 0 and 1 item']);
    expect(boundPhrases({ minProperties: 1 })).toEqual(['at least 1 property']);
    expect(boundPhrases({ maxProperties: 3 })).toEqual(['at most 3 properties']);
  });

  it('keeps one order: numbers, step, length, pattern, items, properties, duplicates', () => {
    expect(
      boundPhrases({
        uniqueItems: true,
        maxProperties: 2,
        maxItems: 3,
        pattern: '^[a-z]+$',
        maxLength: 9,
        multipleOf: 2,
        minimum: 0,
      }),
    ).toEqual([
      'at least 0',
      'a multiple of 2',
      'at most 9 characters',
      'matching ^[a-z]+$',
      'at most 3 items',
      'at most 2 properties',
      'no duplicates',
    ]);
  });

  it('says nothing for keywords that are not numbers, a pattern that is not text, or uniqueItems false', () => {
    expect(boundPhrases({ minimum: '1', maxLength: null, pattern: 5, uniqueItems: false, minItems: true })).toEqual([]);
    expect(boundPhrases({})).toEqual([]);
  });
});
