import type { Stats } from 'node:fs';
import { ToolError, type ToolSession } from '@wesgine/schema';

/** What the session last knew of a file: its size, its modification time and its content's hash. */
export interface LedgerEntry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
}

const KEY = 'read.ledger';

/** Most files one session's ledger remembers; past that the oldest entry is forgotten. */
const KEPT = 10_000;

function entries(session: ToolSession): Record<string, LedgerEntry> {
  const stored = session.get(KEY);
  if (typeof stored === 'object' && stored !== null) return stored as Record<string, LedgerEntry>;
  const fresh: Record<string, LedgerEntry> = {};
  session.set(KEY, fresh);
  return fresh;
}

/** Notes that the session has seen `real` as it is now (after a read, or after its own write). */
export function recordRead(session: ToolSession, real: string, stat: Stats, hash: string): void {
  const ledger = entries(session);
  delete ledger[real];
  ledger[real] = { size: stat.size, mtimeMs: stat.mtimeMs, hash };
  const names = Object.keys(ledger);
  if (names.length > KEPT) delete ledger[names[0] as string];
}

/**
 * Refuses a change to an existing file that this session has not read (`not_read`) or that changed on
 * disk since (`stale_read`): a model must not overwrite what it has not seen. A file whose time changed
 * but whose bytes did not (a `touch`) still counts as read.
 */
export function requireFreshRead(session: ToolSession, real: string, stat: Stats, hash: string, shown: string): void {
  const entry = entries(session)[real];
  if (entry === undefined) {
    throw new ToolError(
      'not_read',
      `${shown} exists and has not been read in this session; read it first, then change it.`,
    );
  }
  if (entry.size === stat.size && entry.mtimeMs === stat.mtimeMs) return;
  if (entry.hash !== hash) {
    throw new ToolError(
      'stale_read',
      `${shown} has changed since it was last read (by someone else, or a formatter); read it again before changing it.`,
    );
  }
}
