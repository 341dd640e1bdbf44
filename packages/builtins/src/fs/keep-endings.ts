import { type Eol, joinEndings, splitEndings } from './line-endings.js';

/**
 * New whole content for a file that exists, in the file's own line endings: `content` as the model
 * wrote it when it holds a CR anywhere (then its endings are its own choice), else with each line that
 * the old file also has, at the same place in order, ending as it ended there, and each other line
 * ending as the nearest kept line before it (else after it, else the old file's dominant ending). Lines
 * are paired by a common start, a common end, and then in order by equal text. Whether the content ends
 * with a line break stays the model's choice.
 */
export function inFileEndings(old: string, content: string): string {
  if (content.includes('\r') || !old.includes('\r')) return content;
  const before = splitEndings(old);
  const after = splitEndings(content);
  const { lines } = after;
  const paired: (Eol | undefined)[] = new Array(lines.length).fill(undefined);
  const endOf = (index: number): Eol | undefined => (before.ends[index] || undefined) as Eol | undefined;
  let head = 0;
  while (head < lines.length && head < before.lines.length && lines[head] === before.lines[head]) {
    paired[head] = endOf(head);
    head += 1;
  }
  let tail = 0;
  while (
    tail < lines.length - head &&
    tail < before.lines.length - head &&
    lines[lines.length - 1 - tail] === before.lines[before.lines.length - 1 - tail]
  ) {
    paired[lines.length - 1 - tail] = endOf(before.lines.length - 1 - tail);
    tail += 1;
  }
  // The middle: each new line takes the next unused old line with the same text, in order.
  const positions = new Map<string, number[]>();
  for (let index = head; index < before.lines.length - tail; index += 1) {
    const text = before.lines[index] as string;
    const list = positions.get(text);
    if (list === undefined) positions.set(text, [index]);
    else list.push(index);
  }
  let last = head - 1;
  for (let index = head; index < lines.length - tail; index += 1) {
    const list = positions.get(lines[index] as string);
    while (list !== undefined && list.length > 0 && (list[0] as number) <= last) list.shift();
    const match = list?.shift();
    if (match === undefined) continue;
    paired[index] = endOf(match);
    last = match;
  }
  const ends = after.ends.map((end, index) => {
    if (end === '') return '';
    return paired[index] ?? nearest(paired, index) ?? before.dominant;
  });
  return joinEndings(lines, ends);
}

function nearest(paired: readonly (Eol | undefined)[], index: number): Eol | undefined {
  for (let at = index - 1; at >= 0; at -= 1) if (paired[at] !== undefined) return paired[at];
  for (let at = index + 1; at < paired.length; at += 1) if (paired[at] !== undefined) return paired[at];
  return undefined;
}
