import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { DelegateTaskArgs } from '../../generated/types.gen.js';

/** Handles `delegate_task`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const delegateTask: ToolHandler<DelegateTaskArgs> = async (args, context) => {
  throw new ToolError(
    'not_implemented',
    "tool 'delegate_task' is not implemented: write src/handlers/delegate_task.ts",
  );
};
