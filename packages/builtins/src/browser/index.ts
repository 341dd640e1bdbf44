// What the package index may re-export about the browser tool.

export type { BrowserNavigateOptions } from './browser-navigate-handler.js';
export { browserNavigateHandler } from './browser-navigate-handler.js';
export type { ChromiumLocation } from './chromium-path.js';
export { CHROMIUM_NAMES, findChromium } from './chromium-path.js';
export { closeBrowsers } from './shared-browser.js';
