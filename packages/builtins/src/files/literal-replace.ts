/** Where `needle` occurs in `text`, left to right, without overlaps. */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** `text` with `needle` at each of `at` replaced by `replacement`, literally (no `$&` patterns). */
export function replaceAt(text: string, needle: string, replacement: string, at: readonly number[]): string {
  let result = '';
  let from = 0;
  for (const index of at) {
    result += text.slice(from, index) + replacement;
    from = index + needle.length;
  }
  return result + text.slice(from);
}

/** The 1-based line number of the character at `index`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
