import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { ExecArgs } from '../../generated/types.gen.js';

/** Handles `exec`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const exec: ToolHandler<ExecArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'exec' is not implemented: write src/handlers/exec.ts");
};
