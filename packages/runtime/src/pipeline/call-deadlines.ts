/** One call's time limit, waiting in `callDeadlines`. */
export interface CallDeadline {
  /** `performance.now()` at which it expires. */
  readonly at: number;
  readonly timeoutMs: number;
  readonly expire: () => void;
}

/** Node's longest delay; a longer one would fire at once. */
const LONGEST_MS = 2 ** 31 - 1;

/**
 * The time limits of the calls in flight, with one Node timer for all of them instead of one set and
 * cleared per call. Deadlines are kept by time limit in insertion order, so within one limit the first is
 * the earliest. The timer stays armed for the earliest deadline it was set for; a call that finishes
 * first leaves it be, and it is unref'd while no call waits (so it never keeps the process alive on its
 * own, as a cleared timer would not). When it fires it expires what is due and re-arms for what is left.
 */
export class CallDeadlines {
  readonly #byLimit = new Map<number, Set<CallDeadline>>();
  #waiting = 0;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires; Infinity when none is armed. */
  #timerAt = Number.POSITIVE_INFINITY;

  /** Calls `expire` once `timeoutMs` have passed, unless `clear` is called first. */
  add(timeoutMs: number, expire: () => void): CallDeadline {
    const deadline: CallDeadline = { at: performance.now() + timeoutMs, timeoutMs, expire };
    let bucket = this.#byLimit.get(timeoutMs);
    if (bucket === undefined) {
      bucket = new Set();
      this.#byLimit.set(timeoutMs, bucket);
    }
    bucket.add(deadline);
    if (this.#waiting++ === 0) this.#timer?.ref();
    if (deadline.at < this.#timerAt) this.#arm(deadline.at);
    return deadline;
  }

  /** The call is over: its deadline no longer fires. */
  clear(deadline: CallDeadline): void {
    const bucket = this.#byLimit.get(deadline.timeoutMs);
    if (bucket?.delete(deadline) !== true) return;
    if (bucket.size === 0) this.#byLimit.delete(deadline.timeoutMs);
    if (--this.#waiting === 0) this.#timer?.unref();
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    const delay = Math.min(LONGEST_MS, Math.max(1, Math.ceil(at - performance.now())));
    this.#timer = setTimeout(() => this.#fire(), delay);
    if (this.#waiting === 0) this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    const due: CallDeadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const bucket of this.#byLimit.values()) {
      for (const deadline of bucket) {
        if (deadline.at > now) {
          next = Math.min(next, deadline.at);
          break;
        }
        due.push(deadline);
      }
    }
    for (const deadline of due) this.clear(deadline);
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    for (const deadline of due) deadline.expire();
  }
}

/** The deadlines of every call in this process. */
export const callDeadlines = new CallDeadlines();
