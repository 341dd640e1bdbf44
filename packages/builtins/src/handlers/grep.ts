import type { ToolHandler } from '@wesgine/schema';
import type { GrepArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `grep` (alias `search_files`): ripgrep when it is installed, else the Node search. */
export const grep: ToolHandler<GrepArgs> = lazyHandler(
  async () => (await import('../search/grep-search.js')).grepSearch,
);
