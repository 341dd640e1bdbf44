import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { GrepArgs } from '../../generated/types.gen.js';

/** Handles `grep`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const grep: ToolHandler<GrepArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'grep' is not implemented: write src/handlers/grep.ts");
};
