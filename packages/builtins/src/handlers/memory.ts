import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { MemoryArgs } from '../../generated/types.gen.js';

/** Handles `memory`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const memory: ToolHandler<MemoryArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'memory' is not implemented: write src/handlers/memory.ts");
};
