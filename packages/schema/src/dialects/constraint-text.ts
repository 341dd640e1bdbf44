/** How a keyword reads once it is moved into a description: `minLength: 3`, `pattern: ^[a-z]+$`. */
export function constraintText(keyword: string, value: unknown): string {
  return `${keyword}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/** `description` with the moved constraints appended in parentheses, or `undefined` when there are none. */
export function describeWithConstraints(description: unknown, constraints: readonly string[]): string | undefined {
  const base = typeof description === 'string' ? description.trim() : '';
  if (constraints.length === 0) return base === '' ? undefined : (description as string);
  const note = `(${constraints.join('; ')})`;
  return base === '' ? note : `${base} ${note}`;
}
