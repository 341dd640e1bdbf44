import { optionalModule } from '../lazy/optional-module.js';

/**
 * Playwright, imported on the first `browser_navigate` call: loading it takes longer than the rest of
 * the tool pack together, and most hosts never open a page.
 */
export const loadPlaywright = optionalModule({
  name: 'playwright-core',
  tool: 'browser_navigate',
  load: () => import('playwright-core'),
});
