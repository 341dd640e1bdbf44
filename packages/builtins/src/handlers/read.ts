import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { ReadArgs } from '../../generated/types.gen.js';

/** Handles `read`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const read: ToolHandler<ReadArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'read' is not implemented: write src/handlers/read.ts");
};
