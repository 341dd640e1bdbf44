// `@wesgine/builtins/browser`: the parts of browser_navigate that the browser adapters share: one
// sandboxed Chromium per process, governed contexts, the page-to-Markdown converter and the errors
// a model reads. Adding a name here makes it public API.

export type { ChromiumLocation } from './chromium-path.js';
export { findChromium } from './chromium-path.js';
export type { GovernedContext } from './governed-context.js';
export { openGovernedContext } from './governed-context.js';
export { pageFailure, sameOrigin, timedOut } from './navigation-error.js';
export { pageMarkdown } from './page-markdown.js';
export type { LaunchedBrowser } from './shared-browser.js';
export { acquireBrowser, CHROMIUM_ARGS, closeBrowsers } from './shared-browser.js';
