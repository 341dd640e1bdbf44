import { type ToolContext, ToolError } from '@wesgine/schema';
import type { DesktopSettings } from './desktop-settings.js';
import type { DisplayWatch } from './display-watch.js';
import type { XPrograms } from './x-programs.js';

/** What the handlers of one cell work with: its settings, its X programs and its display's state. */
export interface DesktopCell {
  readonly settings: DesktopSettings;
  readonly programs: XPrograms;
  readonly watch: DisplayWatch;
}

/** The cells with the desktop adapter, by cell id: filled by the adapter's `create`, emptied by `close`. */
export const desktopCells = new Map<string, DesktopCell>();

/** The calling cell's desktop, while its display answers; else a ToolError `unavailable` saying why. */
export function desktopOf(context: Pick<ToolContext, 'cellId'>): DesktopCell {
  const cell = desktopCells.get(context.cellId);
  if (cell === undefined) {
    throw new ToolError('unavailable', 'The desktop adapter of this cell is stopped, so no desktop tool can run.');
  }
  const { state } = cell.watch;
  if (state.kind !== 'up') {
    const why = state.kind === 'down' ? `: ${state.reason}` : ' yet';
    throw new ToolError(
      'unavailable',
      `The X display ${cell.settings.display} does not answer${why}. The desktop tools come back once it does.`,
    );
  }
  return cell;
}

/** What a failed X program is read against: the display, and a way to look at it again at once. */
export function failureContext(
  cell: DesktopCell,
  window?: number,
): {
  display: string;
  window?: number;
  displayGone: () => void;
} {
  return {
    display: cell.settings.display,
    ...(window === undefined ? {} : { window }),
    displayGone: () => void cell.watch.look(),
  };
}
