/** Code-unit order: the same on every machine and locale, so generated output never depends on either. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
