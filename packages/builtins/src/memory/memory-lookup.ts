import { ToolError } from '@wesgine/schema';
import { MEMORY_ROOT, parentFolders } from './memory-path.js';
import type { MemoryFile, MemoryStore } from './memory-store.js';

/** The file at `path`; a folder there or nothing at all is an error that says which. */
export function existingFile(store: MemoryStore, path: string, command: string): MemoryFile {
  const file = store.file(path);
  if (file !== undefined) return file;
  if (path === MEMORY_ROOT || store.hasFilesUnder(path)) {
    throw new ToolError(
      'not_a_file',
      `${path} is a folder, and ${command} works on one file; view ${path} to see the files in it.`,
    );
  }
  throw new ToolError('file_not_found', `there is no memory file ${path}. View ${MEMORY_ROOT} to see what is stored.`);
}

/**
 * Refuses a path where no file can be: the root, a folder (files are under it), or a place under a file
 * (a file cannot hold others).
 */
export function checkFilePlace(store: MemoryStore, path: string): void {
  if (path === MEMORY_ROOT) {
    throw new ToolError(
      'invalid_arguments',
      `${MEMORY_ROOT} is the store's root folder, not a file; name a file in it, as in ${MEMORY_ROOT}/notes.md.`,
    );
  }
  if (store.hasFilesUnder(path)) {
    throw new ToolError(
      'not_a_file',
      `${path} is a folder that holds files, so it cannot be a file too; choose another name, or a file inside it.`,
    );
  }
  for (const folder of parentFolders(path)) {
    if (store.file(folder) !== undefined) {
      throw new ToolError(
        'not_a_file',
        `${folder} is a file, so it cannot hold ${path}; choose a path whose folders are not files.`,
      );
    }
  }
}
