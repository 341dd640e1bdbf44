export interface CutOutput {
  /** The text the model sees: all of it, or its head and tail around a notice. */
  readonly text: string;
  /** How many characters were left out (0 when nothing was). */
  readonly omitted: number;
}

/**
 * Keeps `text` within `budget` characters: when longer, the first and last parts (about two thirds head,
 * one third tail, cut at line ends when one is near) around a notice saying how much was left out and
 * where the whole text is. `where` is the spill file's path, or undefined when there is none.
 */
export function cutOutput(text: string, budget: number, where: string | undefined): CutOutput {
  if (text.length <= budget) return { text, omitted: 0 };
  const notice = (omitted: number) =>
    `\n[... ${omitted} of ${text.length} characters left out here${
      where === undefined ? '' : `; the whole output is in ${where}`
    }. Narrow the call to see less at once ...]\n`;
  const room = Math.max(0, budget - notice(text.length).length);
  let head = text.slice(0, Math.ceil((room * 2) / 3));
  let tail = text.slice(text.length - Math.floor(room / 3));
  head = atLineEnd(
    head,
    (value) => value.lastIndexOf('\n'),
    (value, index) => value.slice(0, index + 1),
  );
  tail = atLineEnd(
    tail,
    (value) => value.indexOf('\n'),
    (value, index) => value.slice(index + 1),
  );
  const omitted = text.length - head.length - tail.length;
  return { text: `${head}${notice(omitted)}${tail}`, omitted };
}

/** Moves a cut to a line end when one lies within the last (or first) fifth of the piece. */
function atLineEnd(
  piece: string,
  find: (value: string) => number,
  cut: (value: string, index: number) => string,
): string {
  const index = find(piece);
  if (index === -1) return piece;
  const kept = cut(piece, index);
  return kept.length >= piece.length * 0.8 ? kept : piece;
}
