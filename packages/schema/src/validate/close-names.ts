/** Names longer than this are compared with none: a hostile name must not cost a long edit-distance walk. */
const LONGEST_COMPARED = 256;

/**
 * Up to three known names closest to `name` (edit distance at most a third of its length, or one
 * containing the other), closest first: the "did you mean" of unknown tool names and unknown keys.
 */
export function closeNames(name: string, known: Iterable<string>): string[] {
  if (name === '' || name.length > LONGEST_COMPARED) return [];
  const limit = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  return [...known]
    .filter((candidate) => candidate.length <= LONGEST_COMPARED && candidate !== name)
    .map((candidate) => ({ candidate, distance: distance(lower, candidate.toLowerCase()) }))
    .filter(({ candidate, distance: d }) => d <= limit || contains(candidate, name) || contains(name, candidate))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

// One name inside the other (`grep` in `grep_files`).
function contains(whole: string, part: string): boolean {
  return part !== '' && whole.includes(part);
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
