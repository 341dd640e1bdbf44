import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { BrowserNavigateArgs } from '../../generated/types.gen.js';

/** Handles `browser_navigate`. A stub written once by `wesgine-tools gen`: yours to implement, never regenerated. */
export const browserNavigate: ToolHandler<BrowserNavigateArgs> = async (args, context) => {
  throw new ToolError(
    'not_implemented',
    "tool 'browser_navigate' is not implemented: write src/handlers/browser_navigate.ts",
  );
};
