import { ToolError } from '@wesgine/schema';

interface Waiter {
  readonly grant: () => void;
  readonly refuse: (error: unknown) => void;
}

/**
 * A first-come, first-served limit on how many calls hold a browser context at once. A call beyond
 * the limit waits in a bounded queue; one whose signal fires while it waits leaves the queue without
 * ever holding a slot, and a full queue refuses at once rather than letting waits grow without end.
 */
export class CallSlots {
  readonly #size: number;
  readonly #maxQueued: number;
  readonly #queue: Waiter[] = [];
  #held = 0;
  #closed = false;

  constructor(size: number, maxQueued: number) {
    this.#size = size;
    this.#maxQueued = maxQueued;
  }

  /** How many slots are held and how many calls wait, for tests and the README's figures. */
  get usage(): { readonly held: number; readonly waiting: number } {
    return { held: this.#held, waiting: this.#queue.length };
  }

  /** Resolves with a release function once a slot is free; rejects with `signal`'s reason if it fires first. */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (this.#closed) return Promise.reject(closedError());
    signal.throwIfAborted();
    if (this.#held < this.#size) {
      this.#held += 1;
      return Promise.resolve(this.#releaser());
    }
    if (this.#queue.length >= this.#maxQueued) {
      return Promise.reject(
        new ToolError(
          'unavailable',
          `The cell's headless browser is busy: all ${this.#size} of its pages are open and ${this.#queue.length} more calls are waiting. Try again in a moment, or read fewer pages at once.`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(this.#releaser());
        },
        refuse: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  /** Refuses every waiting call and every later one (the cell stopped). */
  close(): void {
    this.#closed = true;
    for (const waiter of this.#queue.splice(0)) waiter.refuse(closedError());
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.#closed ? undefined : this.#queue.shift();
      // The slot passes straight to the next waiter, so a newcomer can never jump the queue.
      if (next === undefined) this.#held -= 1;
      else next.grant();
    };
  }
}

function closedError(): ToolError {
  return new ToolError(
    'unavailable',
    "The cell's headless browser was closed because the cell stopped; start the cell again to read pages.",
  );
}
