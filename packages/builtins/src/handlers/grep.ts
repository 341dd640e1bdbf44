import type { ToolHandler } from '@wesgine/schema';
import type { GrepArgs } from '../../generated/types.gen.js';
import { grepSearch } from '../search/grep-search.js';

/** Handles `grep` (alias `search_files`): ripgrep when it is installed, else the Node search. */
export const grep: ToolHandler<GrepArgs> = (args, context) => grepSearch(args, context);
