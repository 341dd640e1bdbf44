import type { ToolHandler } from '@wesgine/schema';
import type { GlobArgs } from '../../generated/types.gen.js';
import { globFiles } from '../glob/glob-files.js';

/** Handles `glob` (alias `find_files`): files by name, newest first, at most 100. */
export const glob: ToolHandler<GlobArgs> = (args, context) => globFiles(args, context);
