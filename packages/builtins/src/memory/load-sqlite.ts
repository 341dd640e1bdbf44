import type BetterSqlite3 from 'better-sqlite3';
import { optionalModule } from '../lazy/optional-module.js';

/** better-sqlite3's `Database` class. */
export type SqliteDatabase = typeof BetterSqlite3;

/**
 * better-sqlite3, imported on the first `memory` call and proved by opening an in-memory database: its
 * native binding is only looked for when a database opens, and it is missing where the package's
 * install script was blocked.
 */
export const loadSqlite: () => Promise<SqliteDatabase> = optionalModule<SqliteDatabase>({
  name: 'better-sqlite3',
  tool: 'memory',
  load: async () => (await import('better-sqlite3')).default,
  prove: (Database) => new Database(':memory:').close(),
});
