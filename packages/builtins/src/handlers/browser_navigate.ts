import type { ToolHandler } from '@wesgine/schema';
import type { BrowserNavigateArgs } from '../../generated/types.gen.js';
import { browserNavigateHandler } from '../browser/browser-navigate-handler.js';

/** Handles `browser_navigate` with the browser the environment points to (or one found on PATH). */
export const browserNavigate: ToolHandler<BrowserNavigateArgs> = browserNavigateHandler();
