/** The longest line shown whole; longer ones are cut with a marker. */
export const MAX_LINE_CHARS = 2000;

export { splitLines } from '../fs/line-endings.js';

/** `lines` as the model reads them: each number right-aligned in six columns, a tab, then the line. */
export function numberLines(lines: readonly string[], firstNumber: number): string {
  return lines
    .map((line, index) => {
      const shown =
        line.length > MAX_LINE_CHARS
          ? `${line.slice(0, MAX_LINE_CHARS)}… [cut: the line has ${line.length} characters]`
          : line;
      return `${String(firstNumber + index).padStart(6)}\t${shown}`;
    })
    .join('\n');
}
