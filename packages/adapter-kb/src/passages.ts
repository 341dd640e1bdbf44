import type { KbPassage } from './kb-store.js';

/** A passage is closed at a blank line once it has this many lines of text... */
const MIN_LINES = 3;
/** ...or this many characters. */
const ENOUGH_CHARS = 400;
/** A passage never runs longer than this many lines... */
const MAX_LINES = 10;
/** ...or this many characters (a line longer than that is a passage of its own). */
const MAX_CHARS = 1200;

const HEADING = /^#{1,6}[ \t]+(.*?)[ \t#]*$/;

/** A text's lines, as kb.get numbers them: a final line end starts no line of its own. */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Cuts a text into passages of a few lines, the units search ranks and shows: a passage ends at a
 * heading, at a blank line once it holds a few lines, and at ten lines or 1,200 characters. Blank lines
 * belong to no passage's ends; each passage carries the heading above it.
 */
export function passagesOf(lines: readonly string[]): KbPassage[] {
  const passages: KbPassage[] = [];
  let heading: string | undefined;
  let start = 0;
  let body: string[] = [];
  let filled = 0;
  let chars = 0;
  const close = () => {
    while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
    if (filled > 0) passages.push({ start, end: start + body.length - 1, heading, text: body.join('\n') });
    body = [];
    filled = 0;
    chars = 0;
  };
  lines.forEach((line, index) => {
    const blank = line.trim() === '';
    const title = HEADING.exec(line);
    if (title !== null) {
      close();
      heading = title[1] === '' ? heading : title[1];
    } else if (blank && (filled >= MIN_LINES || chars >= ENOUGH_CHARS)) {
      close();
      return;
    } else if (filled > 0 && (body.length >= MAX_LINES || chars + line.length > MAX_CHARS)) {
      close();
    }
    if (body.length === 0) {
      if (blank) return;
      start = index + 1;
    }
    body.push(line);
    if (!blank) filled++;
    chars += line.length + 1;
  });
  close();
  return passages;
}
