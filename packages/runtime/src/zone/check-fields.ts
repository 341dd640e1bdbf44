// Small helpers for checking a policy written by hand: where a problem is, what was found, and a
// suggestion for a misspelt field.

/** Records one problem at `where` (a field path such as `rules[1].effect (rule tests-ok)`; `''` for the file). */
export type Report = (where: string, message: string) => void;

/** A reporter that prefixes each problem with the file it is in (when there is one) and collects it. */
export function reporter(file: string | undefined, problems: string[]): Report {
  return (where, message) => {
    const location = [file, where].filter((part) => part !== undefined && part !== '').join(': ');
    problems.push(location === '' ? message : `${location}: ${message}`);
  };
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What was found, briefly: `"permit"`, `3`, `a list`, `a mapping`, `null`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  }
  return String(value);
}

/** Reports every key of `value` not in `known`, with the closest known name when one is near. */
export function reportUnknownKeys(
  value: Readonly<Record<string, unknown>>,
  known: readonly string[],
  where: (key: string) => string,
  report: Report,
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = known.find((name) => editDistance(key.toLowerCase(), name.toLowerCase()) <= 2);
    report(
      where(key),
      near === undefined
        ? `unknown field; the known fields here are ${known.join(', ')}`
        : `unknown field; did you mean ${near}?`,
    );
  }
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const replace = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, replace));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}
