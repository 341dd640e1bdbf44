import { ToolError } from '@wesgine/schema';
import { numberLines, splitLines } from '../files/numbered-lines.js';
import { formatSize } from '../fs/text-file.js';
import { fileCount, lineCount, STORED_NOTES_LABEL } from './memory-label.js';
import { MEMORY_ROOT } from './memory-path.js';
import type { MemoryEntry, MemoryFile, MemoryStore } from './memory-store.js';

/** The most entries a folder listing shows; past that it says how many more there are. */
export const MAX_LISTED = 400;

/** `view`: a file as numbered lines (all, or `range`), or a folder as a listing two levels deep. */
export function viewMemory(store: MemoryStore, path: string, range: readonly number[] | undefined): string {
  const file = store.file(path);
  if (file !== undefined) return viewFile(file, range);
  const files = store.filesUnder(path);
  if (files.length === 0 && path !== MEMORY_ROOT) {
    throw new ToolError('file_not_found', `there is nothing at ${path}. View ${MEMORY_ROOT} to see what is stored.`);
  }
  if (range !== undefined) {
    throw new ToolError(
      'invalid_arguments',
      `${path} is a folder, and view_range applies to files only; leave view_range out to list the folder.`,
    );
  }
  if (files.length === 0) return `${MEMORY_ROOT} is empty: nothing has been stored yet. Save a note with create.`;
  return listFolder(path, files);
}

function viewFile(file: MemoryFile, range: readonly number[] | undefined): string {
  const lines = splitLines(file.text);
  if (lines.length === 0) {
    if (range !== undefined)
      throw new ToolError('invalid_arguments', `${file.path} is empty, so it has no lines to show.`);
    return `${file.path} is empty.`;
  }
  const [first, last] = checkRange(file.path, lines.length, range);
  const whole = first === 1 && last === lines.length;
  const shown = whole ? lineCount(lines.length) : `lines ${first}-${last} of ${lines.length}`;
  const clipped =
    range !== undefined && range[1] !== undefined && range[1] > lines.length
      ? ` (the file ends at line ${lines.length})`
      : '';
  return [
    `${file.path}: ${shown}${clipped}, ${formatSize(file.size)} in all. ${STORED_NOTES_LABEL}`,
    numberLines(lines.slice(first - 1, last), first),
  ].join('\n');
}

/** The first and last line to show, 1-based and inclusive; a range that cannot be shown is an error. */
function checkRange(path: string, count: number, range: readonly number[] | undefined): [number, number] {
  if (range === undefined) return [1, count];
  const [first = 1, last = -1] = range;
  if (first < 1) {
    throw new ToolError('invalid_arguments', `view_range starts at ${first}, but lines are numbered from 1.`);
  }
  if (first > count) {
    throw new ToolError(
      'invalid_arguments',
      `view_range starts at line ${first}, past the end of ${path}, which has ${lineCount(count)}.`,
    );
  }
  if (last !== -1 && last < first) {
    throw new ToolError(
      'invalid_arguments',
      `view_range ends (${last}) before it starts (${first}); give [first, last] with last at least first, or -1 as last for the end of the file.`,
    );
  }
  return [first, last === -1 ? count : Math.min(last, count)];
}

/** A folder's files and subfolders two levels deep, each `size<TAB>path`, folders ending with `/`. */
function listFolder(folder: string, files: readonly MemoryEntry[]): string {
  const lines: string[] = [];
  const folders = new Map<string, { size: number; count: number; line: number }>();
  const addFolder = (path: string, size: number) => {
    const known = folders.get(path);
    if (known !== undefined) {
      known.size += size;
      known.count += 1;
      return;
    }
    folders.set(path, { size, count: 1, line: lines.length });
    lines.push(path);
  };
  for (const file of files) {
    const names = file.path.slice(folder.length + 1).split('/');
    const [top = '', second = ''] = names;
    if (names.length === 1) {
      lines.push(`${formatSize(file.size)}\t${file.path}`);
      continue;
    }
    addFolder(`${folder}/${top}`, file.size);
    if (names.length === 2) lines.push(`${formatSize(file.size)}\t${file.path}`);
    else addFolder(`${folder}/${top}/${second}`, file.size);
  }
  for (const [path, { size, count, line }] of folders) {
    lines[line] = `${formatSize(size)}\t${path}/ (${fileCount(count)})`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const header = `${folder} holds ${fileCount(files.length)}, ${formatSize(total)} in all. Two levels are shown; folders end with / and count everything under them.`;
  const more =
    lines.length > MAX_LISTED
      ? [`… and ${lines.length - MAX_LISTED} more entries: view a subfolder to see the rest.`]
      : [];
  return [header, ...lines.slice(0, MAX_LISTED), ...more].join('\n');
}
