import type { DesktopCell } from './desktop-cells.js';
import { type WindowInfo, windowInfo, windowLabel } from './window-info.js';

/** Where an action goes, in words for the model: the window named, or whichever has the focus. */
export function targetText(window: WindowInfo | undefined): string {
  return window === undefined ? 'the window that had the focus' : `window ${windowLabel(window)}`;
}

/** The named window, looked up (so a closed one is `not_found` before anything is pressed). */
export async function targetWindow(
  desktop: DesktopCell,
  id: number | undefined,
  tool: string,
  signal: AbortSignal,
): Promise<WindowInfo | undefined> {
  return id === undefined ? undefined : windowInfo(desktop.programs, id, tool, signal);
}

/**
 * The argv that focuses the window first, when one is named: then type and key go through XTEST to the
 * focused window, which every program takes (xdotool's `--window` sends synthetic events, which xterm
 * and others ignore).
 */
export function focusFirst(window: WindowInfo | undefined): string[] {
  return window === undefined ? [] : ['windowfocus', '--sync', String(window.id)];
}
