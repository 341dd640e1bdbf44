import { type ToolContext, ToolError } from '@wesgine/schema';
import type { KbIndexer } from './kb-indexer.js';
import type { CheckedKbSpec } from './kb-spec-check.js';
import type { KbStore } from './kb-store.js';

/** What a cell's kb handlers share: its index, the indexer keeping it current, the checked spec. */
export interface KbCellState {
  readonly store: KbStore;
  readonly indexer: KbIndexer;
  readonly spec: CheckedKbSpec;
  /** The first scan: calls wait for it, so a search never sees a half-built index. */
  readonly started: Promise<void>;
}

/** The kb of each live cell by cell id: filled by the adapter's `create`, emptied by its `close`. */
const cells = new Map<string, KbCellState>();

export function openKbCell(cellId: string, state: KbCellState): void {
  cells.set(cellId, state);
}

export function closeKbCell(cellId: string): void {
  cells.delete(cellId);
}

/**
 * The kb of the calling cell, once its first index is built and the changes reported so far are in.
 * A cell without one (stopped) is `unavailable`; a first index that failed says why; a cancelled call
 * stops waiting.
 */
export async function kbOf(context: ToolContext): Promise<KbCellState> {
  const kb = cells.get(context.cellId);
  if (kb === undefined) {
    throw new ToolError(
      'unavailable',
      "this cell's knowledge base is closed (the cell stopped); start the cell again to search it.",
    );
  }
  try {
    await untilDone(
      kb.started.then(() => kb.indexer.idle()),
      context.signal,
    );
  } catch (error) {
    if (ToolError.isInstance(error)) throw error;
    throw new ToolError('unavailable', `the knowledge base could not be indexed: ${(error as Error).message}`);
  }
  return kb;
}

function untilDone(work: Promise<void>, signal: AbortSignal): Promise<void> {
  const cancelled = () =>
    new ToolError('aborted', 'the call was cancelled while the knowledge base was being indexed.');
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(cancelled());
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
