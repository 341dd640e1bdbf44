import type { Cell } from '../engine/cell.js';
import type { Run } from '../engine/run.js';

/** How many runs that made a call lately the API keeps readable after they end. */
export const RECENT_RUNS_KEPT = 100;

/**
 * The runs that made the cell's latest calls, held so that `GET /runs/:id/cycle` can still answer once
 * they ended: a sub-agent's child run is let go of when its task is done, and a person watching wants
 * its final state (the block, the escalation) rather than a 404 that depends on when memory was
 * collected. Bounded: past `limit` runs the one whose last call is oldest is let go of again.
 */
export class RecentRuns {
  readonly #runs = new Map<string, Run>();
  readonly #limit: number;
  readonly #stopListening: () => void;

  constructor(cell: Cell, limit = RECENT_RUNS_KEPT) {
    this.#limit = limit;
    this.#stopListening = cell.onAudit((event) => {
      const known = this.#runs.get(event.runId) ?? cell.findRun(event.runId);
      if (known !== undefined) this.#keep(known);
    });
  }

  /** The run with `id`, when one of the latest calls was its. */
  get(id: string): Run | undefined {
    return this.#runs.get(id);
  }

  /**
   * The server closed: the cell may live on (and be served again), so this stops listening to its
   * calls and lets go of the runs it held, rather than keep them as long as the cell lives.
   */
  stop(): void {
    this.#stopListening();
    this.#runs.clear();
  }

  #keep(run: Run): void {
    // Moved to the end: the map's order is the least recent caller first.
    this.#runs.delete(run.id);
    this.#runs.set(run.id, run);
    if (this.#runs.size > this.#limit) {
      const oldest = this.#runs.keys().next();
      if (oldest.done !== true) this.#runs.delete(oldest.value);
    }
  }
}
