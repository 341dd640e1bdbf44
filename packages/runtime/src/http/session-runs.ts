import type { Run } from '../engine/run.js';

/** How many (actor, session) runs the API keeps before it forgets the least recently used. */
export const SESSION_RUNS_KEPT = 1000;

/**
 * One `Run` per (actor, session), so that a session's calls reach one CycleDetector in the order they
 * arrive. Bounded: past `limit` the least recently used run is forgotten (a call already under way on it
 * still finishes; the session's next call starts a fresh run with a fresh detector). Calls that name
 * neither actor nor session share one run.
 */
export class SessionRuns {
  readonly #runs = new Map<string, Run>();
  readonly #open: (actor: string | undefined, sessionId: string | undefined) => Run;
  readonly #limit: number;

  constructor(open: (actor: string | undefined, sessionId: string | undefined) => Run, limit = SESSION_RUNS_KEPT) {
    this.#open = open;
    this.#limit = limit;
  }

  /** The session's run when one is open, without opening one or changing which is least recently used. */
  find(actor: string | undefined, sessionId: string | undefined): Run | undefined {
    return this.#runs.get(runKey(actor, sessionId));
  }

  /** The session's run, opened on first use. Throws what `open` throws (a stopped cell). */
  get(actor: string | undefined, sessionId: string | undefined): Run {
    const key = runKey(actor, sessionId);
    const known = this.#runs.get(key);
    if (known !== undefined) {
      // Moved to the end: the map's order is least recently used first.
      this.#runs.delete(key);
      this.#runs.set(key, known);
      return known;
    }
    const run = this.#open(actor, sessionId);
    this.#runs.set(key, run);
    if (this.#runs.size > this.#limit) {
      const oldest = this.#runs.keys().next();
      if (oldest.done !== true) this.#runs.delete(oldest.value);
    }
    return run;
  }

  get size(): number {
    return this.#runs.size;
  }
}

function runKey(actor: string | undefined, sessionId: string | undefined): string {
  return JSON.stringify([actor ?? null, sessionId ?? null]);
}
