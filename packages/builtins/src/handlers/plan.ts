import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { PlanArgs } from '../../generated/types.gen.js';

/** Handles `plan`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const plan: ToolHandler<PlanArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'plan' is not implemented: write src/handlers/plan.ts");
};
