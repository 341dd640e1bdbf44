// The public surface of @wesgine/builtins. Adding a name here makes it public API.

import { createBuiltins } from './create-builtins.js';

export type { ChromiumLocation } from './browser/chromium-path.js';
export { findChromium } from './browser/chromium-path.js';
export { closeBrowsers } from './browser/shared-browser.js';
export type { BuiltinsOptions, BuiltinTools } from './create-builtins.js';
export { createBuiltins } from './create-builtins.js';
export type { BraveSearchOptions } from './web-search/brave-search-provider.js';
export { braveSearchProvider } from './web-search/brave-search-provider.js';
export type { WebResult, WebSearchOptions, WebSearchProvider } from './web-search/web-search-provider.js';

/**
 * The built-in tools with what the environment configures, for `createEngine({ tools: builtins })`.
 * Use `createBuiltins(options)` to choose a search provider or a Chromium in code.
 */
export const builtins = createBuiltins();
