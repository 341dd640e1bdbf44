// Cuts long output for the model: the start and the end, with a line in the middle saying what was
// left out and where the whole of it is.
import { SHOWN_CHARS, SHOWN_LINES, SPILL_MAX_BYTES } from './exec-limits.js';
import type { CapturedOutput } from './output-capture.js';

/** The output as the model sees it. */
export interface ShownOutput {
  readonly text: string;
  readonly cut: boolean;
}

const HALF_CHARS = SHOWN_CHARS / 2;
const HALF_LINES = SHOWN_LINES / 2;

/** The first `HALF_LINES` lines of `text`, at most `HALF_CHARS` characters of them. */
export function headOf(text: string): string {
  let end = text.length;
  let at = -1;
  for (let line = 0; line < HALF_LINES; line++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) break;
    if (line === HALF_LINES - 1) end = at + 1;
  }
  end = Math.min(end, HALF_CHARS);
  // Never split a surrogate pair.
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end--;
  return text.slice(0, end);
}

/** The last `HALF_LINES` lines of `text`, at most `HALF_CHARS` characters of them. */
export function tailOf(text: string): string {
  let start = 0;
  let at = text.endsWith('\n') ? text.length - 1 : text.length;
  for (let line = 0; line < HALF_LINES; line++) {
    at = at <= 0 ? -1 : text.lastIndexOf('\n', at - 1);
    if (at === -1) break;
    if (line === HALF_LINES - 1) start = at + 1;
  }
  start = Math.max(start, text.length - HALF_CHARS);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start++;
  return text.slice(start);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function count(text: string, char: string): number {
  let found = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) found++;
  return found;
}

/** Where the whole output is, for the marker. */
function whereWhole(output: CapturedOutput): string {
  if (output.spillPath === undefined) {
    return `the full output could not be saved${output.spillError === undefined ? '' : ` (${output.spillError})`}`;
  }
  if (output.spillCapped) {
    return `the first ${SPILL_MAX_BYTES / 1024 / 1024} MiB of the output are saved in ${output.spillPath}`;
  }
  return `the full output is saved in ${output.spillPath}`;
}

/** The output whole when it fits (30000 characters, 256 lines), else its head and tail around a marker. */
export function shownOutput(output: CapturedOutput): ShownOutput {
  if (output.chars <= SHOWN_CHARS && output.lines <= SHOWN_LINES) return { text: output.head, cut: false };
  const head = headOf(output.head);
  const tail = tailOf(output.tail);
  const leftChars = output.chars - head.length - tail.length;
  const leftLines = output.newlines - count(head, '\n') - count(tail, '\n');
  const amount = leftLines > 0 ? `${leftLines} lines (${leftChars} characters)` : `${leftChars} characters`;
  const marker = `[... ${amount} left out here; ${whereWhole(output)} ...]`;
  return { text: `${head}${head.endsWith('\n') ? '' : '\n'}${marker}\n${tail}`, cut: true };
}
