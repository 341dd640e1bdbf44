import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { WriteArgs } from '../../generated/types.gen.js';

/** Handles `write`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const write: ToolHandler<WriteArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'write' is not implemented: write src/handlers/write.ts");
};
