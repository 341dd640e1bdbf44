import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  type KbChange,
  type KbDocument,
  type KbFileState,
  type KbKind,
  type KbPassage,
  type KbPassageHit,
  type KbSearchQuery,
  type KbStore,
  type KbStoredHit,
  MATCH_END,
  MATCH_START,
} from './kb-store.js';

/**
 * The layout of the tables. A database written with another layout (or by another way of cutting
 * passages) is emptied and built again on open, so an upgrade never searches half-old passages.
 */
const LAYOUT = 'kb-4';

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
  indexed_at TEXT NOT NULL,
  passages TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS kb_search USING fts5(body, tokenize = 'porter unicode61');
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

/** Where a document's passages lie, kept with it as JSON: `[start, end, heading?]` each. */
type PassageBounds = [number, number, string?][];

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

/**
 * The passages of a document that hold a match, most matches first (then in order), cut out of the
 * document's text as FTS5's `highlight()` marked it.
 */
function markedPassages(marked: string, bounds: PassageBounds): KbPassageHit[] {
  const lines = marked.split('\n');
  const found: { hit: KbPassageHit; marks: number; order: number }[] = [];
  bounds.forEach(([start, end, heading], order) => {
    const slice = lines.slice(start - 1, end).join('\n');
    let marks = 0;
    for (let at = slice.indexOf(MATCH_START); at !== -1; at = slice.indexOf(MATCH_START, at + 1)) marks++;
    if (marks === 0) return;
    const text = slice.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
    found.push({ hit: { passage: { start, end, heading, text }, marked: slice }, marks, order });
  });
  return found.sort((a, b) => b.marks - a.marks || a.order - b.order).map((entry) => entry.hit);
}

/**
 * The kb index in one SQLite file (WAL): documents, their passages, and an FTS5 table over the passages
 * (Porter stemming over unicode61 words, so `foxes` finds `fox` and `Müller` finds `muller`). Every
 * `write` is one transaction. A document is one FTS5 row (ranked by bm25); where its passages lie is
 * kept with it, and a hit names the passages that hold the matches. The folder of `file` is made when missing.
 */
export function sqliteKbStore(file: string): KbStore {
  mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    // A first index writes far more than the default 2 MB cache: spilling it to the WAL mid-transaction costs more than the memory.
    database.pragma('cache_size = -65536');
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
      bounds: prepare('SELECT id, passages FROM kb_documents WHERE path = ?'),
      body: prepare('SELECT body FROM kb_search WHERE rowid = ?').pluck(),
      idOf: prepare('SELECT id FROM kb_documents WHERE path = ?').pluck(),
      dropText: prepare('DELETE FROM kb_search WHERE rowid = ?'),
      dropDocument: prepare('DELETE FROM kb_documents WHERE id = ?'),
      // No RETURNING and no upsert: a plain insert (id from lastInsertRowid) is much the cheaper in bulk.
      insertDocument: prepare(
        `INSERT INTO kb_documents (${DOCUMENT_COLUMNS}, passages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateDocument: prepare(
        `UPDATE kb_documents SET path = ?, folder = ?, kind = ?, size = ?, mtime_ms = ?, hash = ?, lines = ?, title = ?,
           indexed_at = ?, passages = ? WHERE id = ?`,
      ),
      putText: prepare('INSERT INTO kb_search (rowid, body) VALUES (?, ?)'),
      touch: prepare('UPDATE kb_documents SET size = ?, mtime_ms = ?, folder = ? WHERE path = ?'),
      search: prepare(
        `SELECT d.path, d.kind, d.passages, f.marked, f.score
         FROM (SELECT rowid, highlight(kb_search, 0, char(1), char(2)) AS marked, rank AS score
               FROM kb_search WHERE kb_search MATCH ? ORDER BY rank LIMIT ? OFFSET ?) f
         JOIN kb_documents d ON d.id = f.rowid
         ORDER BY f.score, d.path`,
      ),
      searchUnder: prepare(
        `SELECT d.path, d.kind, d.passages, highlight(kb_search, 0, char(1), char(2)) AS marked, kb_search.rank AS score
         FROM kb_search JOIN kb_documents d ON d.id = kb_search.rowid
         WHERE kb_search MATCH ? AND d.path >= ? AND d.path < ?
         ORDER BY kb_search.rank, d.path LIMIT ? OFFSET ?`,
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
    const row = this.#statements.bounds.get(path) as { id: number; passages: string } | undefined;
    if (row === undefined) return undefined;
    const bounds = JSON.parse(row.passages) as PassageBounds;
    const found = bounds.find(([start, end]) => start <= line && line <= end);
    if (found === undefined) return undefined;
    const [start, end, heading] = found;
    const body = (this.#statements.body.get(row.id) as string | undefined) ?? '';
    return {
      start,
      end,
      heading,
      text: body
        .split('\n')
        .slice(start - 1, end)
        .join('\n'),
    };
  }

  async write(change: KbChange): Promise<void> {
    const statements = this.#statements;
    this.#database
      .transaction(() => {
        for (const path of change.remove ?? []) {
          const id = statements.idOf.get(path) as number | undefined;
          if (id === undefined) continue;
          statements.dropText.run(id);
          statements.dropDocument.run(id);
        }
        for (const state of change.touch ?? []) {
          statements.touch.run(state.size, state.mtimeMs, state.folder, state.path);
        }
        for (const { document, text, passages } of change.put ?? []) {
          const bounds: PassageBounds = passages.map((passage) =>
            passage.heading === undefined
              ? [passage.start, passage.end]
              : [passage.start, passage.end, passage.heading],
          );
          const values = [
            document.path,
            document.folder,
            document.kind,
            document.size,
            document.mtimeMs,
            document.hash,
            document.lines,
            document.title ?? null,
            document.indexedAt,
            JSON.stringify(bounds),
          ];
          let id = statements.idOf.get(document.path) as number | undefined;
          if (id === undefined) id = Number(statements.insertDocument.run(...values).lastInsertRowid);
          else {
            statements.dropText.run(id);
            statements.updateDocument.run(...values, id);
          }
          statements.putText.run(id, text);
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
    ) as { path: string; kind: KbKind; passages: string; marked: string; score: number }[];
    return rows.map((row) => ({
      path: row.path,
      kind: row.kind,
      score: row.score,
      passages: markedPassages(row.marked, JSON.parse(row.passages) as PassageBounds),
    }));
  }

  async close(): Promise<void> {
    if (this.#database.open) this.#database.close();
  }
}
