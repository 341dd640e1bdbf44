import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { EditArgs } from '../../generated/types.gen.js';

/** Handles `edit`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const edit: ToolHandler<EditArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'edit' is not implemented: write src/handlers/edit.ts");
};
