import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type {
  KbChange,
  KbDocument,
  KbFileState,
  KbKind,
  KbPassage,
  KbSearchQuery,
  KbStore,
  KbStoredHit,
} from './kb-store.js';

/**
 * The layout of the tables. A database written with another layout (or by another way of cutting
 * passages) is emptied and built again on open, so an upgrade never searches half-old passages.
 */
const LAYOUT = 'kb-1';

const CREATE = `
CREATE TABLE IF NOT EXISTS kb_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kb_documents (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  folder TEXT NOT NULL,
  kind TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  hash TEXT NOT NULL,
  lines INTEGER NOT NULL,
  title TEXT,
  indexed_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS kb_passages (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  heading TEXT,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS kb_passages_by_document ON kb_passages (document_id, start_line);
CREATE VIRTUAL TABLE IF NOT EXISTS kb_search USING fts5(
  body, content = 'kb_passages', content_rowid = 'id', tokenize = 'porter unicode61'
);
`;

const DROP = `
DROP TABLE IF EXISTS kb_search;
DROP TABLE IF EXISTS kb_passages;
DROP TABLE IF EXISTS kb_documents;
DELETE FROM kb_meta;
`;

interface DocumentRow {
  path: string;
  folder: string;
  kind: KbKind;
  size: number;
  mtime_ms: number;
  hash: string;
  lines: number;
  title: string | null;
  indexed_at: string;
}

interface PassageRow {
  start_line: number;
  end_line: number;
  heading: string | null;
  body: string;
}

const DOCUMENT_COLUMNS = 'path, folder, kind, size, mtime_ms, hash, lines, title, indexed_at';

/** `[low, high)`: the range of paths strictly under `folder` ('0' is the character after '/'). */
function under(folder: string): [string, string] {
  const base = folder.endsWith('/') ? folder.slice(0, -1) : folder;
  return [`${base}/`, `${base}0`];
}

function toDocument(row: DocumentRow): KbDocument {
  return {
    path: row.path,
    folder: row.folder,
    kind: row.kind,
    size: row.size,
    mtimeMs: row.mtime_ms,
    hash: row.hash,
    lines: row.lines,
    title: row.title ?? undefined,
    indexedAt: row.indexed_at,
  };
}

function toPassage(row: PassageRow): KbPassage {
  return { start: row.start_line, end: row.end_line, heading: row.heading ?? undefined, text: row.body };
}

/**
 * The kb index in one SQLite file (WAL): documents, their passages, and an FTS5 table over the passages
 * (Porter stemming over unicode61 words, so `foxes` finds `fox` and `Müller` finds `muller`). Every
 * `write` is one transaction. The folder of `file` is made when missing.
 */
export function sqliteKbStore(file: string): KbStore {
  mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.exec('CREATE TABLE IF NOT EXISTS kb_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const layout = database.prepare("SELECT value FROM kb_meta WHERE key = 'layout'").get() as
      | { value: string }
      | undefined;
    if (layout?.value !== LAYOUT) {
      database.exec(DROP);
      database.exec(CREATE);
      database.prepare("INSERT INTO kb_meta (key, value) VALUES ('layout', ?)").run(LAYOUT);
    } else {
      database.exec(CREATE);
    }
  } catch (error) {
    database.close();
    throw error;
  }
  return new SqliteKbStore(database);
}

class SqliteKbStore implements KbStore {
  readonly #database: Database.Database;
  readonly #statements;

  constructor(database: Database.Database) {
    this.#database = database;
    const prepare = (sql: string) => database.prepare(sql);
    this.#statements = {
      states: prepare('SELECT path, folder, size, mtime_ms, hash FROM kb_documents'),
      document: prepare(`SELECT ${DOCUMENT_COLUMNS} FROM kb_documents WHERE path = ?`),
      all: prepare(`SELECT ${DOCUMENT_COLUMNS} FROM kb_documents ORDER BY path`),
      under: prepare(`SELECT ${DOCUMENT_COLUMNS} FROM kb_documents WHERE path >= ? AND path < ? ORDER BY path`),
      passageAt: prepare(
        `SELECT p.start_line, p.end_line, p.heading, p.body FROM kb_passages p JOIN kb_documents d ON d.id = p.document_id
         WHERE d.path = ? AND p.start_line <= ? AND p.end_line >= ? ORDER BY p.start_line LIMIT 1`,
      ),
      idOf: prepare('SELECT id FROM kb_documents WHERE path = ?').pluck(),
      unsearch: prepare(
        "INSERT INTO kb_search (kb_search, rowid, body) SELECT 'delete', id, body FROM kb_passages WHERE document_id = ?",
      ),
      dropPassages: prepare('DELETE FROM kb_passages WHERE document_id = ?'),
      dropDocument: prepare('DELETE FROM kb_documents WHERE id = ?'),
      putDocument: prepare(
        `INSERT INTO kb_documents (${DOCUMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (path) DO UPDATE SET folder = excluded.folder, kind = excluded.kind, size = excluded.size,
           mtime_ms = excluded.mtime_ms, hash = excluded.hash, lines = excluded.lines, title = excluded.title,
           indexed_at = excluded.indexed_at
         RETURNING id`,
      ).pluck(),
      putPassage: prepare(
        'INSERT INTO kb_passages (document_id, start_line, end_line, heading, body) VALUES (?, ?, ?, ?, ?)',
      ),
      searchPassage: prepare('INSERT INTO kb_search (rowid, body) VALUES (?, ?)'),
      touch: prepare('UPDATE kb_documents SET size = ?, mtime_ms = ?, folder = ? WHERE path = ?'),
      search: prepare(
        `SELECT d.path, d.kind, p.start_line, p.end_line, p.heading, p.body, f.marked, f.score
         FROM (SELECT rowid, highlight(kb_search, 0, char(1), char(2)) AS marked, rank AS score
               FROM kb_search WHERE kb_search MATCH ? ORDER BY rank LIMIT ? OFFSET ?) f
         JOIN kb_passages p ON p.id = f.rowid JOIN kb_documents d ON d.id = p.document_id
         ORDER BY f.score, d.path, p.start_line`,
      ),
      searchUnder: prepare(
        `SELECT d.path, d.kind, p.start_line, p.end_line, p.heading, p.body,
                highlight(kb_search, 0, char(1), char(2)) AS marked, kb_search.rank AS score
         FROM kb_search JOIN kb_passages p ON p.id = kb_search.rowid JOIN kb_documents d ON d.id = p.document_id
         WHERE kb_search MATCH ? AND d.path >= ? AND d.path < ?
         ORDER BY kb_search.rank, d.path, p.start_line LIMIT ? OFFSET ?`,
      ),
    };
  }

  async states(): Promise<KbFileState[]> {
    const rows = this.#statements.states.all() as Pick<DocumentRow, 'path' | 'folder' | 'size' | 'mtime_ms' | 'hash'>[];
    return rows.map((row) => ({
      path: row.path,
      folder: row.folder,
      size: row.size,
      mtimeMs: row.mtime_ms,
      hash: row.hash,
    }));
  }

  async document(path: string): Promise<KbDocument | undefined> {
    const row = this.#statements.document.get(path) as DocumentRow | undefined;
    return row === undefined ? undefined : toDocument(row);
  }

  async documents(folder?: string): Promise<KbDocument[]> {
    const rows = (
      folder === undefined ? this.#statements.all.all() : this.#statements.under.all(...under(folder))
    ) as DocumentRow[];
    return rows.map(toDocument);
  }

  async passageAt(path: string, line: number): Promise<KbPassage | undefined> {
    const row = this.#statements.passageAt.get(path, line, line) as PassageRow | undefined;
    return row === undefined ? undefined : toPassage(row);
  }

  async write(change: KbChange): Promise<void> {
    const statements = this.#statements;
    const drop = (path: string) => {
      const id = statements.idOf.get(path) as number | undefined;
      if (id === undefined) return undefined;
      statements.unsearch.run(id);
      statements.dropPassages.run(id);
      return id;
    };
    this.#database
      .transaction(() => {
        for (const path of change.remove ?? []) {
          const id = drop(path);
          if (id !== undefined) statements.dropDocument.run(id);
        }
        for (const state of change.touch ?? []) {
          statements.touch.run(state.size, state.mtimeMs, state.folder, state.path);
        }
        for (const { document, passages } of change.put ?? []) {
          drop(document.path);
          const id = statements.putDocument.get(
            document.path,
            document.folder,
            document.kind,
            document.size,
            document.mtimeMs,
            document.hash,
            document.lines,
            document.title ?? null,
            document.indexedAt,
          ) as number;
          for (const passage of passages) {
            const row = statements.putPassage.run(
              id,
              passage.start,
              passage.end,
              passage.heading ?? null,
              passage.text,
            );
            statements.searchPassage.run(row.lastInsertRowid, passage.text);
          }
        }
      })
      .immediate();
  }

  async search(query: KbSearchQuery): Promise<KbStoredHit[]> {
    const offset = query.offset ?? 0;
    const rows = (
      query.under === undefined
        ? this.#statements.search.all(query.match, query.limit, offset)
        : this.#statements.searchUnder.all(query.match, ...under(query.under), query.limit, offset)
    ) as (PassageRow & { path: string; kind: KbKind; marked: string; score: number })[];
    return rows.map((row) => ({
      path: row.path,
      kind: row.kind,
      passage: toPassage(row),
      marked: row.marked,
      score: row.score,
    }));
  }

  async close(): Promise<void> {
    if (this.#database.open) this.#database.close();
  }
}
