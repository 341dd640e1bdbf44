import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { WebSearchArgs } from '../../generated/types.gen.js';

/** Handles `web_search`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const webSearch: ToolHandler<WebSearchArgs> = async (args, context) => {
  throw new ToolError('not_implemented', "tool 'web_search' is not implemented: write src/handlers/web_search.ts");
};
