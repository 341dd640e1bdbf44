import { count, plainNumber } from './plain-numbers.js';

type Schema = Readonly<Record<string, unknown>>;

/**
 * What narrows a value, in plain English and in this order: numbers (`between 1 and 50`, `more than 0`,
 * `a multiple of 0.01`), lengths (`at least 1 character`), the pattern, counts of items and of
 * properties (`at most 1 item`), and `no duplicates`. Keywords that are not numbers are ignored.
 */
export function boundPhrases(schema: Schema): string[] {
  const found: string[] = [];
  const numbers = numberRange(schema);
  if (numbers !== undefined) found.push(numbers);
  if (typeof schema.multipleOf === 'number') found.push(`a multiple of ${plainNumber(schema.multipleOf)}`);
  const length = countRange(schema.minLength, schema.maxLength, 'character');
  if (length !== undefined) found.push(length);
  if (typeof schema.pattern === 'string') found.push(`matching ${schema.pattern}`);
  const items = countRange(schema.minItems, schema.maxItems, 'item');
  if (items !== undefined) found.push(items);
  const properties = countRange(schema.minProperties, schema.maxProperties, 'property', 'properties');
  if (properties !== undefined) found.push(properties);
  if (schema.uniqueItems === true) found.push('no duplicates');
  return found;
}

/** `between 1 and 50`, `exactly 3`, `at least 0 and less than 1`, `more than 0`. */
function numberRange(schema: Schema): string | undefined {
  const low = numberOr(schema.exclusiveMinimum, 'more than') ?? numberOr(schema.minimum, 'at least');
  const high = numberOr(schema.exclusiveMaximum, 'less than') ?? numberOr(schema.maximum, 'at most');
  if (low !== undefined && high !== undefined && low.words === 'at least' && high.words === 'at most') {
    return low.value === high.value
      ? `exactly ${plainNumber(low.value)}`
      : `between ${plainNumber(low.value)} and ${plainNumber(high.value)}`;
  }
  const parts = [low, high].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.map((part) => `${part.words} ${plainNumber(part.value)}`).join(' and ');
}

function numberOr(value: unknown, words: string): { readonly value: number; readonly words: string } | undefined {
  return typeof value === 'number' ? { value, words } : undefined;
}

/** `between 1 and 120 characters`, `exactly 2 items`, `at least 1 character`, `at most 1 item`. */
function countRange(low: unknown, high: unknown, singular: string, plural?: string): string | undefined {
  const min = typeof low === 'number' ? low : undefined;
  const max = typeof high === 'number' ? high : undefined;
  if (min !== undefined && max !== undefined) {
    return min === max
      ? `exactly ${count(min, singular, plural)}`
      : `between ${plainNumber(min)} and ${count(max, singular, plural)}`;
  }
  if (min !== undefined) return `at least ${count(min, singular, plural)}`;
  if (max !== undefined) return `at most ${count(max, singular, plural)}`;
  return undefined;
}
