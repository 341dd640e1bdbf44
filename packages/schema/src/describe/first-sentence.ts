/** The first sentence of a description (up to `.`, `!` or `?` before a space or the end): its summary. */
export function firstSentence(description: string): string {
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(description.trim());
  return (match?.[0] ?? description).trim();
}
