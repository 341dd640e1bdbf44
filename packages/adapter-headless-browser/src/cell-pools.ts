import { ToolError } from '@wesgine/schema';
import type { ContextPool } from './context-pool.js';

/** What a cell's page tools share: its pool and the time limit of one call. */
export interface CellBrowser {
  readonly pool: ContextPool;
  readonly timeoutMs: number;
}

/** Each cell's browser by cell id: filled when the adapter makes the cell's source, emptied when it closes. */
const byCell = new Map<string, CellBrowser>();

export function registerCellBrowser(cellId: string, browser: CellBrowser): void {
  byCell.set(cellId, browser);
}

export function forgetCellBrowser(cellId: string): void {
  byCell.delete(cellId);
}

/** The calling cell's browser; a cell without one (stopped, or not configured) is told so. */
export function cellBrowser(cellId: string): CellBrowser {
  const found = byCell.get(cellId);
  if (found === undefined) {
    throw new ToolError(
      'unavailable',
      'This cell has no headless browser running (it stopped, or its spec has no headlessBrowser field), so no page was opened.',
    );
  }
  return found;
}
