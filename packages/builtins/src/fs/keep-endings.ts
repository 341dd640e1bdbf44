// New content in a file's own line endings: what `write` and `edit` write keeps every line's ending
// that the change did not touch (see line-endings.ts for what a line break is).
import { breaks, count, type Eol, joinEndings, type Lines, renderBreaks, splitEndings } from './line-endings.js';

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

/**
 * `oldText` at each of `targets` in `text` (the file with its breaks as LF) replaced by `newText`: the
 * new text (breaks as LF, for the answer) and the content to write, where each line break outside the
 * replaced spans keeps the file's own ending and each break of `newText` takes the ending of the break
 * the replaced span starts before (the line it starts on), else the one before, else the file's
 * dominant one. The file's final line break is kept or left out as it was.
 */
export function replaceKeepingEndings(
  file: Lines,
  text: string,
  oldText: string,
  newText: string,
  targets: readonly number[],
): { text: string; content: string } {
  const original = breaks(file);
  const ends: Eol[] = [];
  const oldBreaks = count(oldText, '\n');
  const newBreaks = count(newText, '\n');
  let result = '';
  let from = 0;
  let next = 0;
  for (const at of targets) {
    const kept = text.slice(from, at);
    const keptBreaks = count(kept, '\n');
    for (let index = 0; index < keptBreaks; index += 1) ends.push(original[next + index] as Eol);
    next += keptBreaks;
    const near = original[next] ?? original[next - 1] ?? file.dominant;
    for (let index = 0; index < newBreaks; index += 1) ends.push(near);
    next += oldBreaks;
    result += kept + newText;
    from = at + oldText.length;
  }
  const tail = text.slice(from);
  for (let index = next; index < original.length; index += 1) ends.push(original[index] as Eol);
  result += tail;
  const finalNewline = file.ends.at(-1) !== undefined && file.ends.at(-1) !== '';
  if (finalNewline && result !== '' && !result.endsWith('\n')) {
    result += '\n';
    ends.push(original.at(-1) ?? file.dominant);
  } else if (!finalNewline && result.endsWith('\n')) {
    result = result.slice(0, -1);
    ends.pop();
  }
  return { text: result, content: renderBreaks(result, ends, file.dominant) };
}
