/** Up to three known names closest to `name` (edit distance at most a third of its length), closest first. */
export function closeNames(name: string, known: Iterable<string>): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  return [...known]
    .map((candidate) => ({ candidate, distance: distance(name.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ candidate, distance: d }) => d <= limit || candidate.includes(name) || name.includes(candidate))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
