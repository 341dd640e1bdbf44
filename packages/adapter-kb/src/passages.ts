import type { KbPassageBounds } from './kb-store.js';

/** A passage is closed at a blank line once it has this many lines of text... */
const MIN_LINES = 6;
/** ...or this many characters. */
const ENOUGH_CHARS = 600;
/** A passage never runs longer than this many lines... */
const MAX_LINES = 15;
/** ...or this many characters (a line longer than that is a passage of its own). */
const MAX_CHARS = 1500;

const HEADING = /^#{1,6}[ \t]+(.*?)[ \t#]*$/;
const NON_BLANK = /\S/g;

/** A text's lines, as kb.get numbers them: a final line end starts no line of its own. */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Cuts a text into passages of a few lines, the units search shows: a passage ends at a heading, at a
 * blank line once it holds six lines or 600 characters, and at fifteen lines or 1,500 characters. Blank
 * lines belong to no passage's ends; each passage carries the heading above it. Only the bounds are
 * made: the text is the document's own lines.
 */
export function passagesOf(text: string): KbPassageBounds[] {
  const passages: KbPassageBounds[] = [];
  let heading: string | undefined;
  let start = 0;
  let last = 0;
  let length = 0;
  let filled = 0;
  let chars = 0;
  const close = () => {
    if (filled > 0) passages.push(heading === undefined ? { start, end: last } : { start, end: last, heading });
    length = 0;
    filled = 0;
    chars = 0;
  };
  // Line by line through the text itself, without making a string of each line (a first index reads
  // thousands of files: the garbage would cost more than the cutting).
  let from = 0;
  for (let index = 0; from < text.length; index++) {
    const cut = text.indexOf('\n', from);
    const to = cut === -1 ? text.length : cut;
    const size = to - from;
    NON_BLANK.lastIndex = from;
    const blank = size === 0 || !(NON_BLANK.test(text) && NON_BLANK.lastIndex <= to);
    const title = text.charCodeAt(from) === 35 ? HEADING.exec(text.slice(from, to)) : null;
    from = to + 1;
    if (title !== null) {
      close();
      heading = title[1] === '' ? heading : title[1];
    } else if (blank && (filled >= MIN_LINES || chars >= ENOUGH_CHARS)) {
      close();
      continue;
    } else if (filled > 0 && (length >= MAX_LINES || chars + size > MAX_CHARS)) {
      close();
    }
    if (length === 0) {
      if (blank) continue;
      start = index + 1;
    }
    length++;
    if (!blank) {
      filled++;
      last = index + 1;
    }
    chars += size + 1;
  }
  close();
  return passages;
}

/** How many lines `textLines` would give, counted without making them. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}
