/**
 * The concrete pointers and values that a pattern pointer from `findMarkedParameters` (where `*` stands
 * for any array index or map key) matches in `value`. Missing members are skipped.
 */
export function valuesAt(value: unknown, pattern: string): [pointer: string, value: unknown][] {
  return expand(value, pattern === '' ? [] : pattern.split('/').slice(1), '');
}

function expand(value: unknown, segments: readonly string[], at: string): [string, unknown][] {
  const [head, ...rest] = segments;
  if (head === undefined) return [[at, value]];
  if (typeof value !== 'object' || value === null) return [];
  if (head === '*') {
    return Object.entries(value).flatMap(([key, child]) =>
      child === undefined ? [] : expand(child, rest, `${at}/${escapeSegment(key)}`),
    );
  }
  const child = (value as Record<string, unknown>)[unescapeSegment(head)];
  return child === undefined || !Object.hasOwn(value, unescapeSegment(head))
    ? []
    : expand(child, rest, `${at}/${head}`);
}

function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function escapeSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
