import { ToolError } from '@wesgine/schema';
import { formatSize } from '../fs/text-file.js';
import { fileCount } from './memory-label.js';
import { checkRoom } from './memory-limits.js';
import { checkFilePlace } from './memory-lookup.js';
import { isWithin, MEMORY_ROOT } from './memory-path.js';
import type { MemoryEntry, MemoryStore } from './memory-store.js';

/** The file at `path`, or the files of the folder `path`; nothing there is `file_not_found`. */
function entriesAt(memory: MemoryStore, path: string, field: string): { files: MemoryEntry[]; folder: boolean } {
  const file = memory.file(path);
  if (file !== undefined) return { files: [{ path, size: file.size }], folder: false };
  const files = memory.filesUnder(path);
  if (files.length === 0) {
    throw new ToolError(
      'file_not_found',
      `${field} ${path}: there is no memory file or folder there. View ${MEMORY_ROOT} to see what is stored.`,
    );
  }
  return { files, folder: true };
}

/** `delete`: a file, or a folder and every file under it; never the root. */
export function deleteMemory(memory: MemoryStore, path: string): string {
  if (path === MEMORY_ROOT) {
    throw new ToolError(
      'not_allowed',
      `${MEMORY_ROOT} itself cannot be deleted; delete the files or folders in it one at a time.`,
    );
  }
  const { files, folder } = entriesAt(memory, path, 'path');
  memory.remove(path);
  const size = formatSize(files.reduce((sum, file) => sum + file.size, 0));
  if (!folder) return `Deleted ${path} (${size}).`;
  return `Deleted the folder ${path} and the ${fileCount(files.length)} in it (${size}).`;
}

/** `rename`: a file or a folder moved to a path where nothing is yet. */
export function renameMemory(memory: MemoryStore, from: string, to: string): string {
  if (from === MEMORY_ROOT) {
    throw new ToolError('not_allowed', `${MEMORY_ROOT} itself cannot be moved; move the files or folders in it.`);
  }
  if (from === to) throw new ToolError('no_change', 'old_path and new_path are the same, so there is nothing to move.');
  const { files, folder } = entriesAt(memory, from, 'old_path');
  if (isWithin(to, from)) {
    throw new ToolError(
      'invalid_arguments',
      `new_path ${to} lies inside old_path ${from}; choose a new_path outside it.`,
    );
  }
  if (to === MEMORY_ROOT) {
    throw new ToolError(
      'invalid_arguments',
      `new_path is the root ${MEMORY_ROOT} itself; give the new path in full, as in ${MEMORY_ROOT}/archive/notes.md.`,
    );
  }
  if (memory.file(to) !== undefined || memory.hasFilesUnder(to)) {
    throw new ToolError(
      'file_exists',
      `${to} already exists; rename never replaces anything. Choose another new_path, or delete ${to} first.`,
    );
  }
  checkFilePlace(memory, to);
  const growth = files.length * (Buffer.byteLength(to) - Buffer.byteLength(from));
  checkRoom(memory, to, undefined, growth);
  memory.move(from, to);
  if (!folder) return `Moved ${from} to ${to}.`;
  return `Moved the folder ${from} (${fileCount(files.length)}) to ${to}.`;
}
