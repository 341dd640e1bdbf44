import { ToolError } from '@wesgine/schema';
import { lineAt, occurrences, replaceAt } from '../files/literal-replace.js';
import { splitLines } from '../files/numbered-lines.js';
import { formatSize } from '../fs/text-file.js';
import { lineCount } from './memory-label.js';
import { checkRoom, storedBytes } from './memory-limits.js';
import { checkFilePlace, existingFile } from './memory-lookup.js';
import type { MemoryFile, MemoryStore } from './memory-store.js';

/** `n lines, s bytes`: how a file stands after a change. */
function shape(text: string): string {
  return `${lineCount(splitLines(text).length)}, ${formatSize(Buffer.byteLength(text))}`;
}

/** Writes `text` as the file's new content, within the caps; `before` is the file as it was, if any. */
function store(memory: MemoryStore, path: string, text: string, before: MemoryFile | undefined): void {
  const growth = storedBytes(path, text) - (before === undefined ? 0 : storedBytes(path, before.text));
  checkRoom(memory, path, text, growth);
  memory.put(path, text);
}

/** `create`: a new file, or the whole text of an existing one replaced. */
export function createMemory(memory: MemoryStore, path: string, text: string): string {
  checkFilePlace(memory, path);
  const before = memory.file(path);
  if (before?.text === text) return `${path} already holds exactly this text; nothing changed.`;
  store(memory, path, text, before);
  if (before === undefined) return `Created ${path} (${shape(text)}).`;
  return `Replaced the text of ${path} (now ${shape(text)}; it had ${formatSize(before.size)}).`;
}

/** `str_replace`: `oldText`, which must occur exactly once, replaced literally by `newText`. */
export function replaceInMemory(memory: MemoryStore, path: string, oldText: string, newText: string): string {
  const file = existingFile(memory, path, 'str_replace');
  if (oldText === newText) {
    throw new ToolError('no_change', 'old_str and new_str are the same, so there is nothing to change.');
  }
  const found = occurrences(file.text, oldText);
  const [at] = found;
  if (at === undefined) {
    throw new ToolError(
      'edit_no_match',
      `old_str does not occur in ${path}. It must match the stored text exactly, spaces and line breaks included: view the file and copy the text from it.`,
    );
  }
  if (found.length > 1) {
    const lines = found.map((index) => lineAt(file.text, index)).join(', ');
    throw new ToolError(
      'edit_ambiguous',
      `old_str occurs ${found.length} times in ${path} (lines ${lines}); include more of the text around the one to change so that it occurs once.`,
    );
  }
  const text = replaceAt(file.text, oldText, newText, found);
  store(memory, path, text, file);
  return `Replaced the text at line ${lineAt(file.text, at)} of ${path} (now ${shape(text)}).`;
}

/** `insert`: `insertText` as whole lines after line `after` (0 = at the top). */
export function insertInMemory(memory: MemoryStore, path: string, after: number, insertText: string): string {
  const file = existingFile(memory, path, 'insert');
  const count = splitLines(file.text).length;
  if (after > count) {
    throw new ToolError(
      'invalid_arguments',
      `insert_line ${after} is past the end of ${path}, which has ${lineCount(count)}; use 0 to ${count} (${count} adds at the end).`,
    );
  }
  const block = insertText.endsWith('\n') ? insertText : `${insertText}\n`;
  let text: string;
  if (after === count && file.text !== '' && !file.text.endsWith('\n')) {
    // The last line has no line break: it gets one, and the inserted text keeps the file's lack of one.
    text = `${file.text}\n${block.slice(0, -1)}`;
  } else {
    let offset = 0;
    for (let line = 0; line < after; line++) offset = file.text.indexOf('\n', offset) + 1;
    text = file.text.slice(0, offset) + block + file.text.slice(offset);
  }
  store(memory, path, text, file);
  const added = lineCount(splitLines(block).length);
  const where = after === 0 ? 'at the top of' : `after line ${after} of`;
  return `Inserted ${added} ${where} ${path} (now ${shape(text)}).`;
}
