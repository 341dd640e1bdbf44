// Numbers and counts as every description writes them, so the text catalogue and the Markdown docs
// cannot drift: `1 character`, `2 characters`, `20,000`.

/** `5`, `2000`, `20,000`, `0.01`, `-3`: integers of five digits or more are grouped by commas. */
export function plainNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Math.abs(value) < 10_000) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** `1 character`, `2 characters`, `0 items`: the noun agrees with the number. */
export function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${plainNumber(value)} ${value === 1 ? singular : plural}`;
}

/** `30 seconds`, `1 hour`, `250 ms`: a time limit in the largest whole unit. */
export function duration(milliseconds: number): string {
  for (const [size, unit] of [
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ] as const) {
    if (milliseconds >= size && milliseconds % size === 0) return count(milliseconds / size, unit);
  }
  return `${plainNumber(milliseconds)} ms`;
}
