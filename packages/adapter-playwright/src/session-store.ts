/** Why a session ended: `browser.close`, its run ended, no call used it for too long, the cell stopped, or its tab or browser died. */
export type SessionCloseReason = 'closed' | 'run-ended' | 'idle' | 'cell-stopped' | 'crashed';

/** What is kept of one browser session, open or closed, so that a call on a closed one can say why. */
export interface SessionRecord {
  readonly id: string;
  /** The run that opened it; only that run's calls reach it. */
  readonly runId: string;
  /** The page it showed last. */
  readonly url: string;
  /** ISO times. */
  readonly openedAt: string;
  readonly lastUsedAt: string;
  readonly closedAt?: string;
  readonly closedBecause?: SessionCloseReason;
}

/**
 * Where the records of a cell's browser sessions live. The page itself lives in the browser; this is the
 * book of which session belongs to which run and how it ended. SQLite in the cell's data folder is the
 * default (`sqliteSessionStore`); methods are async so that a shared database can stand in for it.
 */
export interface SessionStore {
  add(record: SessionRecord): Promise<void>;
  /** A call used the session; `url` is the page it shows now. */
  used(id: string, url: string, at: string): Promise<void>;
  /** Marks an open session closed; one closed already keeps its first reason. */
  closed(id: string, because: SessionCloseReason, at: string): Promise<void>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** Marks every session still open as closed, returning how many: at start, those of a process that ended. */
  closeAll(because: SessionCloseReason, at: string): Promise<number>;
  /** Lets go of the store (its database handle). */
  close(): Promise<void>;
}
