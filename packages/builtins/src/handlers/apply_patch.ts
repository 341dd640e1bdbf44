import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { ApplyPatchArgs } from '../../generated/types.gen.js';

/** Handles `apply_patch`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const applyPatch: ToolHandler<ApplyPatchArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'apply_patch' is not implemented: write src/handlers/apply_patch.ts");
};
