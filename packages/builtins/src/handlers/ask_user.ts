import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { AskUserArgs } from '../../generated/types.gen.js';

/** Handles `ask_user`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const askUser: ToolHandler<AskUserArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'ask_user' is not implemented: write src/handlers/ask_user.ts");
};
