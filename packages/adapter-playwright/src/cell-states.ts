import { type ToolContext, ToolError } from '@wesgine/schema';
import type { PlaywrightCell } from './playwright-cell.js';

/** Each cell's browser sessions, by cell id: filled by the adapter's `create`, emptied by its `close`. */
const cells = new Map<string, PlaywrightCell>();

export function addCellState(cellId: string, state: PlaywrightCell): void {
  cells.set(cellId, state);
}

export function removeCellState(cellId: string, state: PlaywrightCell): void {
  if (cells.get(cellId) === state) cells.delete(cellId);
}

/** The calling cell's sessions; a cell without the playwright adapter (or stopping) gets a clear refusal. */
export function cellState(context: ToolContext): PlaywrightCell {
  const state = cells.get(context.cellId);
  if (state === undefined) {
    throw new ToolError(
      'unavailable',
      "The browser tools are not set up in this cell (its spec has no 'playwright' field, or the cell is stopping).",
    );
  }
  return state;
}
