import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { GlobArgs } from '../../generated/types.gen.js';

/** Handles `glob`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const glob: ToolHandler<GlobArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'glob' is not implemented: write src/handlers/glob.ts");
};
