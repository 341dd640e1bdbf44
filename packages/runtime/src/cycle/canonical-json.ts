/**
 * JSON with object keys sorted at every level, so `{a, b}` and `{b, a}` give the same text. `omit` names
 * top-level keys to leave out (display-only arguments such as exec's `description`). `undefined` object
 * members are dropped, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown, omit: ReadonlySet<string> = EMPTY): string {
  return write(value, omit);
}

const EMPTY: ReadonlySet<string> = new Set();

function write(value: unknown, omit: ReadonlySet<string>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => write(item, EMPTY)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || omit.has(key)) continue;
    members.push(`${JSON.stringify(key)}:${write(member, EMPTY)}`);
  }
  return `{${members.join(',')}}`;
}
