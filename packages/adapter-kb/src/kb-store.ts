/** The kinds of document the kb reads. */
export type KbKind = 'markdown' | 'text' | 'html' | 'pdf';

/** What decides whether a file must be read again: compared with the file on disk at each scan. */
export interface KbFileState {
  /** The file's real absolute path: the key of a document. */
  readonly path: string;
  /** The real path of the configured kb folder it was found in. */
  readonly folder: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** sha256 of the file's bytes: a file touched but unchanged is not read into the index again. */
  readonly hash: string;
}

/** A document as the index holds it. */
export interface KbDocument extends KbFileState {
  readonly kind: KbKind;
  /** Lines of its text as kb.get numbers them (for HTML and PDF, of the converted text). */
  readonly lines: number;
  /** The title its text gives (an HTML `<title>`, a first Markdown heading); absent when none. */
  readonly title?: string | undefined;
  /** When the index last read its text, ISO 8601. */
  readonly indexedAt: string;
}

/** Where a passage lies: a few lines of a document's text. Lines count from 1, `end` included. */
export interface KbPassageBounds {
  readonly start: number;
  readonly end: number;
  /** The nearest heading above it (a Markdown heading, a PDF page), for context. */
  readonly heading?: string | undefined;
}

/** A passage with its text: the unit that search shows. */
export interface KbPassage extends KbPassageBounds {
  readonly text: string;
}

/** One document to put in the index, replacing what it held for that path: its text and where its passages lie. */
export interface KbEntry {
  readonly document: KbDocument;
  /** The text as kb.get numbers its lines (`\n` line ends). */
  readonly text: string;
  readonly passages: readonly KbPassageBounds[];
}

/** One change to the index, applied as a whole or not at all. */
export interface KbChange {
  readonly put?: readonly KbEntry[];
  /** Paths of documents to drop. */
  readonly remove?: readonly string[];
  /** Documents whose bytes are unchanged but whose size or time moved (a touch): only their state is updated. */
  readonly touch?: readonly KbFileState[];
}

/**
 * A search: an FTS5 match expression (built by the caller from plain words), optionally within a folder.
 * `limit` and `offset` count documents.
 */
export interface KbSearchQuery {
  readonly match: string;
  readonly limit: number;
  readonly offset?: number;
  /** A real folder path: only documents under it. */
  readonly under?: string | undefined;
}

/** A passage of a found document, with `marked`: its text with each matched word between `MATCH_START` and `MATCH_END`. */
export interface KbPassageHit {
  readonly passage: KbPassage;
  readonly marked: string;
}

/**
 * A document found, best first by bm25 (`score`, lower is better), with its passages that hold a match,
 * those with the most matches first.
 */
export interface KbStoredHit {
  readonly path: string;
  readonly kind: KbKind;
  readonly score: number;
  readonly passages: readonly KbPassageHit[];
}

/** Marks the start of a matched word in a hit's `marked` text (a character documents hardly ever hold). */
export const MATCH_START = '\u0001';
/** Marks the end of a matched word. */
export const MATCH_END = '\u0002';

/**
 * Where the kb keeps its index: documents, their passages and a full-text search over them. The
 * embedded default is SQLite FTS5 in the cell's data folder (`sqliteKbStore`); a deployment with several
 * instances can give one over a shared database instead. Methods are async so a network database fits.
 */
export interface KbStore {
  /** Every document's file state, for a scan to compare with the disk. */
  states(): Promise<KbFileState[]>;
  document(path: string): Promise<KbDocument | undefined>;
  /** Documents by path, optionally only those under a real folder path. */
  documents(under?: string): Promise<KbDocument[]>;
  /** The passage of a document that holds `line`, if any. */
  passageAt(path: string, line: number): Promise<KbPassage | undefined>;
  write(change: KbChange): Promise<void>;
  search(query: KbSearchQuery): Promise<KbStoredHit[]>;
  close(): Promise<void>;
}
