/** The first wait before a source's process is started or connected again, in milliseconds. */
const FIRST_RETRY_MS = 250;
/** The longest wait between two attempts. */
const LAST_RETRY_MS = 30_000;
/** A source up this long starts its backoff from the first wait when it falls again. */
const STABLE_MS = 30_000;

/**
 * How long to wait before attempt `attempt` (0 for the first) to bring a source back: doubling from
 * 250 ms up to 30 s, spread by up to a fifth either way so sources that fell together do not all retry
 * together.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The backoff of one source that reconnects (an MCP server) or restarts (a plugin) after it fails: the
 * waits grow with each failure and start over once the source stayed up for a while.
 */
export class SourceBackoff {
  #attempt = 0;
  #upSince = 0;
  #retryAt = 0;

  /** The source is up (ready) from now. */
  up(): void {
    this.#upSince = Date.now();
  }

  /** The source fell: the wait before the next attempt, in milliseconds. */
  next(): number {
    if (this.#upSince > 0 && Date.now() - this.#upSince >= STABLE_MS) this.#attempt = 0;
    this.#upSince = 0;
    const delay = retryDelay(this.#attempt++);
    this.#retryAt = Date.now() + delay;
    return delay;
  }

  /** Milliseconds left until the next attempt (0 when it is due). */
  left(): number {
    return Math.max(0, this.#retryAt - Date.now());
  }
}
