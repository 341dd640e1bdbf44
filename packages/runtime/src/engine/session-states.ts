import type { ToolSession } from '@wesgine/schema';

/** How many sessions' state a cell keeps before it forgets the least recently used. */
export const SESSION_STATES_KEPT = 1000;

/**
 * The `ToolSession` state of a cell's sessions (a run's own id when it has no session): small values
 * tools keep between calls, such as the read ledger and the plan. Bounded: past `limit` sessions the
 * least recently used is forgotten.
 */
export class SessionStates {
  readonly #states = new Map<string, Map<string, unknown>>();
  readonly #limit: number;

  constructor(limit = SESSION_STATES_KEPT) {
    this.#limit = limit;
  }

  /** The session's state, as tools see it. */
  session(id: string): ToolSession {
    return {
      id,
      get: (key) => this.#touch(id, false)?.get(key),
      set: (key, value) => {
        const state = this.#touch(id, true) as Map<string, unknown>;
        if (value === undefined) state.delete(key);
        else state.set(key, value);
      },
    };
  }

  /** A copy of one session's state, or undefined when it has none. */
  snapshot(id: string): Readonly<Record<string, unknown>> | undefined {
    const state = this.#states.get(id);
    return state === undefined ? undefined : Object.fromEntries(state);
  }

  #touch(id: string, create: boolean): Map<string, unknown> | undefined {
    let state = this.#states.get(id);
    if (state !== undefined) {
      // Moved to the end: the map's order is least recently used first.
      this.#states.delete(id);
      this.#states.set(id, state);
      return state;
    }
    if (!create) return undefined;
    state = new Map();
    this.#states.set(id, state);
    if (this.#states.size > this.#limit) {
      const oldest = this.#states.keys().next();
      if (oldest.done !== true) this.#states.delete(oldest.value);
    }
    return state;
  }
}
