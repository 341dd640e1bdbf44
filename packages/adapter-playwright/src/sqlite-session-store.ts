import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SessionCloseReason, SessionRecord, SessionStore } from './session-store.js';

/** The layout this code writes; a file of another layout is refused, never guessed at. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  url TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL,
  closed_at TEXT,
  closed_because TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_open ON sessions (closed_at) WHERE closed_at IS NULL;
`;

interface Row {
  id: string;
  run_id: string;
  url: string;
  opened_at: string;
  last_used_at: string;
  closed_at: string | null;
  closed_because: SessionCloseReason | null;
}

/**
 * The session records in a SQLite file (WAL), made with its folder when missing. Throws an `Error` naming
 * the file when it cannot be opened or was written by another layout.
 */
export function sqliteSessionStore(file: string): SessionStore {
  let database: Database.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    database = new Database(file);
  } catch (error) {
    throw new Error(`the browser session records at ${file} could not be opened: ${(error as Error).message}`);
  }
  try {
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const version = database.pragma('user_version', { simple: true }) as number;
    if (version !== 0 && version !== SCHEMA_VERSION) {
      throw new Error(
        `the browser session records at ${file} have layout ${version}, and this version reads ${SCHEMA_VERSION}; move the file away to start afresh`,
      );
    }
    database.exec(SCHEMA);
    database.pragma(`user_version = ${SCHEMA_VERSION}`);
  } catch (error) {
    database.close();
    const message = (error as Error).message;
    throw message.startsWith('the browser session records')
      ? error
      : new Error(`the browser session records at ${file} could not be opened: ${message}`);
  }
  const insert = database.prepare(
    'INSERT INTO sessions (id, run_id, url, opened_at, last_used_at) VALUES (@id, @runId, @url, @openedAt, @lastUsedAt)',
  );
  const touch = database.prepare('UPDATE sessions SET url = ?, last_used_at = ? WHERE id = ? AND closed_at IS NULL');
  const end = database.prepare(
    'UPDATE sessions SET closed_at = ?, closed_because = ? WHERE id = ? AND closed_at IS NULL',
  );
  const endAll = database.prepare('UPDATE sessions SET closed_at = ?, closed_because = ? WHERE closed_at IS NULL');
  const select = database.prepare<[string], Row>('SELECT * FROM sessions WHERE id = ?');
  return {
    async add(record) {
      insert.run({
        id: record.id,
        runId: record.runId,
        url: record.url,
        openedAt: record.openedAt,
        lastUsedAt: record.lastUsedAt,
      });
    },
    async used(id, url, at) {
      touch.run(url, at, id);
    },
    async closed(id, because, at) {
      end.run(at, because, id);
    },
    async get(id) {
      const row = select.get(id);
      return row === undefined ? undefined : fromRow(row);
    },
    async closeAll(because, at) {
      return endAll.run(at, because).changes;
    },
    async close() {
      if (database.open) database.close();
    },
  };
}

function fromRow(row: Row): SessionRecord {
  return {
    id: row.id,
    runId: row.run_id,
    url: row.url,
    openedAt: row.opened_at,
    lastUsedAt: row.last_used_at,
    ...(row.closed_at === null ? {} : { closedAt: row.closed_at }),
    ...(row.closed_because === null ? {} : { closedBecause: row.closed_because }),
  };
}
