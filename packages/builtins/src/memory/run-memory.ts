import type { ToolHandler, ToolHandlerResult } from '@wesgine/schema';
import type { MemoryArgs } from '../../generated/types.gen.js';
import { memoryDatabase, storeError } from './memory-database.js';
import { checkFields } from './memory-fields.js';
import { deleteMemory, renameMemory } from './memory-move.js';
import { memoryPath } from './memory-path.js';
import { DEFAULT_LIMIT, searchMemory } from './memory-search.js';
import { MemoryStore } from './memory-store.js';
import { viewMemory } from './memory-view.js';
import { createMemory, insertInMemory, replaceInMemory } from './memory-write.js';

/**
 * Handles `memory`: notes kept as files under a virtual `/memories` folder, in one SQLite database per
 * cell (`memory.sqlite` in its data folder). Every path is checked before the store is opened; every
 * change is one transaction, refused whole when it breaks a rule or a cap.
 */
export const runMemory: ToolHandler<MemoryArgs> = async (args, context) => {
  checkFields(args);
  // Paths are checked before the store is touched, so a refused path never opens or creates anything.
  const path = args.path === undefined ? '' : memoryPath(args.path, 'path');
  const oldPath = args.old_path === undefined ? '' : memoryPath(args.old_path, 'old_path');
  const newPath = args.new_path === undefined ? '' : memoryPath(args.new_path, 'new_path');
  try {
    const store = new MemoryStore(await memoryDatabase(context.dataDir));
    return run(store, args, { path, oldPath, newPath });
  } catch (error) {
    throw storeError(error);
  }
};

function run(
  store: MemoryStore,
  args: MemoryArgs,
  paths: { path: string; oldPath: string; newPath: string },
): ToolHandlerResult {
  const { path, oldPath, newPath } = paths;
  switch (args.command) {
    case 'view':
      return viewMemory(store, path, args.view_range);
    case 'search':
      return searchMemory(store, args.query ?? '', args.limit ?? DEFAULT_LIMIT);
    case 'create':
      return store.write(() => createMemory(store, path, args.file_text ?? ''));
    case 'str_replace':
      return store.write(() => replaceInMemory(store, path, args.old_str ?? '', args.new_str ?? ''));
    case 'insert':
      return store.write(() => insertInMemory(store, path, args.insert_line ?? 0, args.insert_text ?? ''));
    case 'delete':
      return store.write(() => deleteMemory(store, path));
    case 'rename':
      return store.write(() => renameMemory(store, oldPath, newPath));
  }
}
