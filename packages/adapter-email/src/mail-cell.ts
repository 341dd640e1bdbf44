import type { Cell } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import type { CheckedEmailSpec } from './check-email-spec.js';
import { ImapConnection } from './imap/imap-connection.js';

/** What the email adapter keeps for one cell: its checked spec and its IMAP connection. */
export interface MailCell {
  readonly spec: CheckedEmailSpec;
  readonly imap: ImapConnection;
  /** The cell's work folder, to show saved files by a path the model can pass on. */
  readonly workDir: string;
  /** Whether governance lets `email.read` read a file (`cell.mayRead`): a saved attachment must pass it. */
  readonly mayRead: (real: string) => boolean;
}

/** The adapter's state by cell id, filled by `create` and emptied by `close`. */
const cells = new Map<string, MailCell>();

/** Makes and keeps a cell's state. */
export function openMailCell(cell: Cell, spec: CheckedEmailSpec): MailCell {
  const state: MailCell = {
    spec,
    imap: new ImapConnection(spec.imap, spec.timeoutMs, spec.maxMessageBytes),
    workDir: cell.spec.workDir,
    mayRead: (real) => cell.mayRead('email.read', real),
  };
  cells.set(cell.id, state);
  return state;
}

/** Forgets a cell's state and closes its connection. */
export async function closeMailCell(cellId: string): Promise<void> {
  const cell = cells.get(cellId);
  cells.delete(cellId);
  await cell?.imap.close();
}

/** The state of the calling cell; a cell without the adapter (or one that stopped) is `unavailable`. */
export function mailCell(cellId: string): MailCell {
  const cell = cells.get(cellId);
  if (cell === undefined) {
    throw new ToolError(
      'unavailable',
      'this cell has no email adapter running: set CellSpec.email, or the cell stopped',
    );
  }
  return cell;
}
