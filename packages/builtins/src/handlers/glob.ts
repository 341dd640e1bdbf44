import type { ToolHandler } from '@wesgine/schema';
import type { GlobArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `glob` (alias `find_files`): files by name, newest first, at most 100. */
export const glob: ToolHandler<GlobArgs> = lazyHandler(async () => (await import('../glob/glob-files.js')).globFiles);
