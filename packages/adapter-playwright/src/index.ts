// The public surface of @wesgine/adapter-playwright. Adding a name here makes it public API.

export type {
  BrowserClickArgs,
  BrowserCloseArgs,
  BrowserOpenArgs,
  BrowserScreenshotArgs,
  BrowserSelectArgs,
  BrowserSnapshotArgs,
  BrowserTypeArgs,
  BrowserWaitArgs,
} from '../generated/types.gen.js';
export { playwrightAdapter } from './playwright-adapter.js';
export type { SessionCloseReason, SessionRecord, SessionStore } from './session-store.js';
export { sqliteSessionStore } from './sqlite-session-store.js';
