import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ToolError } from '@wesgine/schema';
import type Database from 'better-sqlite3';
import { loadSqlite } from './load-sqlite.js';

/** The store's file in a cell's data folder. */
export const MEMORY_DATABASE = 'memory.sqlite';

/** The layout this code writes; a database at another version is refused, never guessed at. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS memory_files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  text TEXT NOT NULL,
  size INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE VIRTUAL TABLE IF NOT EXISTS memory_search USING fts5(
  path, text, content='memory_files', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS memory_files_added AFTER INSERT ON memory_files BEGIN
  INSERT INTO memory_search(rowid, path, text) VALUES (new.id, new.path, new.text);
END;
CREATE TRIGGER IF NOT EXISTS memory_files_removed AFTER DELETE ON memory_files BEGIN
  INSERT INTO memory_search(memory_search, rowid, path, text) VALUES ('delete', old.id, old.path, old.text);
END;
CREATE TRIGGER IF NOT EXISTS memory_files_changed AFTER UPDATE ON memory_files BEGIN
  INSERT INTO memory_search(memory_search, rowid, path, text) VALUES ('delete', old.id, old.path, old.text);
  INSERT INTO memory_search(rowid, path, text) VALUES (new.id, new.path, new.text);
END;
`;

const open = new Map<string, Database.Database>();
let closingOnExit = false;

/**
 * The open connection to the memory database of the cell whose data folder is `dataDir`, opened (and
 * its tables made) on first use, then kept for later calls while its file is there; every connection is
 * closed when the process exits. better-sqlite3 itself is loaded on the first call.
 */
export async function memoryDatabase(dataDir: string): Promise<Database.Database> {
  const Sqlite = await loadSqlite();
  const file = join(dataDir, MEMORY_DATABASE);
  const known = open.get(file);
  // A connection whose file was deleted (its data folder removed) would write to nowhere: open afresh.
  if (known?.open === true && existsSync(file)) return known;
  if (known?.open === true) known.close();
  let database: Database.Database | undefined;
  try {
    database = new Sqlite(file);
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const version = database.pragma('user_version', { simple: true }) as number;
    if (version !== 0 && version !== SCHEMA_VERSION) {
      throw new ToolError(
        'unavailable',
        `the memory store was written by another version of this tool (layout ${version}, this one reads ${SCHEMA_VERSION}); ask the operator to migrate or move it.`,
      );
    }
    database.transaction(() => {
      database?.exec(SCHEMA);
      database?.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  } catch (error) {
    database?.close();
    throw storeError(error);
  }
  open.set(file, database);
  if (!closingOnExit) {
    closingOnExit = true;
    process.once('exit', closeMemoryDatabases);
  }
  return database;
}

/** Closes every open memory database (at exit, or in a test that wants a fresh connection). */
export function closeMemoryDatabases(): void {
  for (const database of open.values()) if (database.open) database.close();
  open.clear();
}

/**
 * A failure of the database itself as the model should read it: a `ToolError` stays as it is; SQLite's
 * own errors (busy, disk full, a damaged file) become `unavailable`, with what to do about them.
 */
export function storeError(error: unknown): unknown {
  if (ToolError.isInstance(error) || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const advice =
    code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
      ? 'another process holds it; try again in a moment.'
      : code === 'SQLITE_FULL'
        ? 'the disk is full; nothing was written. Tell the user.'
        : code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB'
          ? 'its file is damaged or is not a database; tell the user, who can move it aside to start afresh.'
          : 'tell the user if this persists.';
  return new ToolError('unavailable', `the memory store could not be used (${code}): ${advice}`, { cause: error });
}
