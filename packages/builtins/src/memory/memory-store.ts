import type Database from 'better-sqlite3';
import { MEMORY_ROOT } from './memory-path.js';

/** One stored file. `size` is its text's length in UTF-8 bytes. */
export interface MemoryFile {
  readonly path: string;
  readonly text: string;
  readonly size: number;
}

/** A file as a listing shows it. */
export interface MemoryEntry {
  readonly path: string;
  readonly size: number;
}

/** A search hit: a file, and a snippet of its text with each match between `MATCH_START` and `MATCH_END`. */
export interface MemoryHit {
  readonly path: string;
  readonly text: string;
  readonly snippet: string;
}

/** Marks the start of a matched word in a snippet (a character notes hardly ever hold). */
export const MATCH_START = '\u0001';
/** Marks the end of a matched word in a snippet. */
export const MATCH_END = '\u0002';

/** `[low, high)`: the range of paths strictly under `folder`, since '0' is the character after '/'. */
function under(folder: string): [string, string] {
  return folder === MEMORY_ROOT ? [`${MEMORY_ROOT}/`, `${MEMORY_ROOT}0`] : [`${folder}/`, `${folder}0`];
}

/**
 * The queries of the memory store over one connection. Folders are not stored: a folder is there while
 * some file's path lies under it. Callers wrap each command in `write` (or just read), so every change is
 * one transaction.
 */
export class MemoryStore {
  readonly #database: Database.Database;

  constructor(database: Database.Database) {
    this.#database = database;
  }

  /** Runs `change` as one immediate transaction: all of it is written, or none. */
  write<T>(change: () => T): T {
    return this.#database.transaction(change).immediate();
  }

  file(path: string): MemoryFile | undefined {
    return this.#database.prepare('SELECT path, text, size FROM memory_files WHERE path = ?').get(path) as
      | MemoryFile
      | undefined;
  }

  /** The files anywhere under `folder`, by path. */
  filesUnder(folder: string): MemoryEntry[] {
    return this.#database
      .prepare('SELECT path, size FROM memory_files WHERE path >= ? AND path < ? ORDER BY path')
      .all(...under(folder)) as MemoryEntry[];
  }

  hasFilesUnder(folder: string): boolean {
    return (
      this.#database
        .prepare('SELECT 1 FROM memory_files WHERE path >= ? AND path < ? LIMIT 1')
        .get(...under(folder)) !== undefined
    );
  }

  /** What the store holds, in bytes: every file's text and its path (so empty files are not free). */
  usage(): number {
    const row = this.#database
      .prepare('SELECT coalesce(sum(size + length(CAST(path AS BLOB))), 0) AS bytes FROM memory_files')
      .get() as { bytes: number };
    return row.bytes;
  }

  /** Creates the file or replaces its text. */
  put(path: string, text: string): void {
    this.#database
      .prepare(
        `INSERT INTO memory_files (path, text, size, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (path) DO UPDATE SET text = excluded.text, size = excluded.size, updated_at = excluded.updated_at`,
      )
      .run(path, text, Buffer.byteLength(text), new Date().toISOString());
  }

  /** Deletes a file and everything under it as a folder; answers how many files went. */
  remove(path: string): number {
    const [low, high] = under(path);
    return this.#database
      .prepare('DELETE FROM memory_files WHERE path = ? OR (path >= ? AND path < ?)')
      .run(path, low, high).changes;
  }

  /**
   * Gives the file `from`, or every file under the folder `from`, the same place under `to`. (SQLite's
   * `substr` counts characters, as the spread of a string does; `length` would count UTF-16 units.)
   */
  move(from: string, to: string): number {
    const [low, high] = under(from);
    return this.#database
      .prepare(
        `UPDATE memory_files SET path = ? || substr(path, ?), updated_at = ?
         WHERE path = ? OR (path >= ? AND path < ?)`,
      )
      .run(to, [...from].length + 1, new Date().toISOString(), from, low, high).changes;
  }

  /** The files matching an FTS5 `match` expression (built by the caller from plain words), best first by bm25. */
  search(match: string, limit: number): MemoryHit[] {
    return this.#database
      .prepare(
        `SELECT f.path AS path, f.text AS text,
                snippet(memory_search, 1, char(1), char(2), '', 16) AS snippet
         FROM memory_search JOIN memory_files f ON f.id = memory_search.rowid
         WHERE memory_search MATCH ?
         ORDER BY bm25(memory_search, 2.0, 1.0), f.path
         LIMIT ?`,
      )
      .all(match, limit) as MemoryHit[];
  }
}
