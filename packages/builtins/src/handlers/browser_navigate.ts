import type { ToolHandler } from '@wesgine/schema';
import type { BrowserNavigateArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `browser_navigate` with the browser the environment points to (or one found on PATH). */
export const browserNavigate: ToolHandler<BrowserNavigateArgs> = lazyHandler(async () =>
  (await import('../browser/browser-navigate-handler.js')).browserNavigateHandler(),
);
