/** The exec tool's limits, in one place. */

/** `timeout_ms` when the call gives none. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** How long processes get after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 1_000;

/** What the model sees of the output: at most this many characters... */
export const SHOWN_CHARS = 30_000;

/** ...and at most this many lines, half from the start and half from the end. */
export const SHOWN_LINES = 256;

/** Characters of output kept in memory from the start and from the end (each). */
export const KEPT_CHARS = 64 * 1024;

/** The most bytes written to the spill file; the rest of a larger output is counted, not kept. */
export const SPILL_MAX_BYTES = 64 * 1024 * 1024;
