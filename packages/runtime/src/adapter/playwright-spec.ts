/**
 * `CellSpec.playwright`: browser sessions a model drives step by step (open a page, read its
 * accessibility tree, click, type, choose), each session belonging to the run that opened it and closed
 * when that run ends. Every field is optional: `playwright: {}` is a working set-up.
 */
export interface PlaywrightSpec {
  /** The most sessions open at once in the cell, all runs together; opening one more is refused. Default 4. */
  readonly maxSessions?: number;
  /** A session no call used for this long is closed (milliseconds). Default 300000 (five minutes). */
  readonly idleMs?: number;
  /** The Chromium or Chrome to run; else `WESGINE_CHROMIUM_PATH`, else one found on PATH. */
  readonly executablePath?: string;
  /** The time limit of one navigation (milliseconds). Default 15000. */
  readonly timeoutMs?: number;
  /** How long a click, typing or choice waits for its element to be ready (milliseconds). Default 5000. */
  readonly actionTimeoutMs?: number;
  /** The most characters of a page's snapshot the model is given; the rest is cut. Default 40000. */
  readonly maxSnapshotChars?: number;
}
