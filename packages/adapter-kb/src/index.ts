// The public surface of @wesgine/adapter-kb. Adding a name here makes it public API.

export type { KbGetArgs, KbListArgs, KbSearchArgs } from '../generated/types.gen.js';
export type { KbAdapterOptions } from './kb-adapter.js';
export { createKbAdapter, kbAdapter } from './kb-adapter.js';
export type {
  KbChange,
  KbDocument,
  KbEntry,
  KbFileState,
  KbKind,
  KbPassage,
  KbPassageBounds,
  KbPassageHit,
  KbSearchQuery,
  KbStore,
  KbStoredHit,
} from './kb-store.js';
export { MATCH_END, MATCH_START } from './kb-store.js';
export { sqliteKbStore } from './sqlite-kb-store.js';
