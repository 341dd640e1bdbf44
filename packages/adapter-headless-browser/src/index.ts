// The public surface of @wesgine/adapter-headless-browser. Adding a name here makes it public API.

export type { PagePdfArgs, PageReadArgs, PageScreenshotArgs } from '../generated/types.gen.js';
export { headlessBrowserAdapter } from './headless-browser-adapter.js';
