import { windowLabel } from './window-info.js';

/**
 * The start of the argv of a typing or key press aimed at a window, when one is named: its title first
 * (so the answer can name it, and a closed window fails the run before anything is pressed), then the
 * focus. Type and key then go through XTEST to the focused window, which every program takes (xdotool's
 * `--window` sends synthetic events, which xterm and others ignore). One xdotool run for it all: in the
 * sandbox, each run costs a bubblewrap start.
 */
export function focusFirst(window: number | undefined): string[] {
  return window === undefined ? [] : ['getwindowname', String(window), 'windowfocus', '--sync', String(window)];
}

/** Where the action went, in words for the model: the window named (with the title it printed), or the focused one. */
export function targetText(window: number | undefined, stdout: Buffer): string {
  if (window === undefined) return 'the window that had the focus';
  return `window ${windowLabel({ id: window, title: stdout.toString('utf8').replace(/\n$/, '') })}`;
}
