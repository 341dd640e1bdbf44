/**
 * `CellSpec.kb`: folders indexed for search (SQLite FTS5 in the cell's data folder), kept current as
 * their files change. Every folder must be one the cell's tools may read.
 */
export interface KbSpec {
  /** Folders to index; relative ones resolve against the cell's workDir. */
  readonly folders: readonly string[];
  /** Globs (relative to each folder) a file must match to be indexed; every readable kind when absent. */
  readonly include?: readonly string[];
  /** Globs of files and folders left out. */
  readonly exclude?: readonly string[];
  /** Files larger than this many bytes are left out of the index (default 20 MiB). */
  readonly maxFileBytes?: number;
}
