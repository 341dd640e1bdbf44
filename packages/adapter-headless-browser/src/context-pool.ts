import { acquireBrowser, findChromium, type LaunchedBrowser } from '@wesgine/builtins/browser';
import { ToolError } from '@wesgine/schema';
import { CallSlots } from './call-slots.js';
import { type FreshContext, openFreshContext } from './fresh-context.js';

export interface ContextPoolOptions {
  /** The browser to run; else `WESGINE_CHROMIUM_PATH` or one found on PATH, looked up at each launch. */
  readonly executablePath: string | undefined;
  /** Pages open at once. */
  readonly contexts: number;
  /** Calls that may wait for a page. */
  readonly maxQueued: number;
}

/** How long the pool keeps its browser and spare context after the last call (never keeps the process alive). */
const IDLE_MS = 30_000;

interface Lease {
  readonly browser: LaunchedBrowser & { release(): void };
  /** A context made ahead for the next call, or none. */
  spare: Promise<FreshContext> | undefined;
  gone: boolean;
}

/**
 * One cell's pages: at most `contexts` open at once (`CallSlots`), each call in a context of its own
 * that no other call ever used and that is closed when the call ends. So a call finds no cookie,
 * storage, cache entry or open connection of another, and governance judged by one run never serves
 * another. To keep a call from waiting for a new context, one spare is made ahead while the pool is in
 * use. The browser is the process's shared sandboxed Chromium (`acquireBrowser`), held while the pool
 * is busy and let go after `IDLE_MS` without calls.
 */
export class ContextPool {
  readonly slots: CallSlots;
  readonly #options: ContextPoolOptions;
  readonly #leases = new Map<boolean, Promise<Lease>>();
  readonly #closing = new Set<Promise<void>>();
  /** Fires when the pool closes, ending the calls still running. */
  readonly #stopping = new AbortController();
  #idle: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: ContextPoolOptions) {
    this.#options = options;
    this.slots = new CallSlots(options.contexts, options.maxQueued);
  }

  /**
   * Runs `work` in a fresh context once a slot is free: waits in the queue (leaving it when `signal`
   * fires), takes the spare or opens a context, and rejects with `signal`'s reason as soon as it fires,
   * closing the context at once so the page stops. The slot is given back only once the context is
   * closed, so no more than `contexts` are ever open for calls; the result does not wait for that.
   */
  async use<T>(
    sandboxed: boolean,
    signal: AbortSignal,
    work: (fresh: FreshContext) => Promise<T>,
    onSlot?: () => void,
  ): Promise<T> {
    const release = await this.slots.acquire(signal);
    onSlot?.();
    clearTimeout(this.#idle);
    signal = AbortSignal.any([signal, this.#stopping.signal]);
    const made: { fresh?: FreshContext } = {};
    const job = (async () => {
      made.fresh = await this.#take(sandboxed);
      signal.throwIfAborted();
      return await work(made.fresh);
    })();
    try {
      return await untilAborted(job, signal);
    } finally {
      const closeMade = async () => {
        if (made.fresh !== undefined) await made.fresh.close().catch(() => {});
      };
      const closing = closeMade()
        .then(() =>
          job.then(
            () => {},
            () => {},
          ),
        )
        .then(closeMade)
        .finally(() => {
          this.#closing.delete(closing);
          release();
          this.#armIdle();
        });
      this.#closing.add(closing);
    }
  }

  async #take(sandboxed: boolean): Promise<FreshContext> {
    const lease = await this.#lease(sandboxed);
    const spare = lease.spare;
    lease.spare = undefined;
    let fresh = spare === undefined ? undefined : await spare.catch(() => undefined);
    // A spare of a browser that went away since, or one that failed, is replaced by a new context.
    if (fresh === undefined || lease.gone || fresh.page.isClosed()) {
      void fresh?.close();
      fresh = await openFreshContext(lease.browser);
    }
    this.#prepareSpare(lease);
    return fresh;
  }

  /** Refuses waiting and new calls, closes every context and lets the browser go. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    this.slots.close();
    this.#stopping.abort(
      new ToolError('unavailable', 'The cell stopped while the page was loading, so the call was ended.'),
    );
    await Promise.all([...this.#closing]);
    await this.#dropAll();
  }

  #lease(sandboxed: boolean): Promise<Lease> {
    if (this.#closed)
      throw new ToolError('unavailable', "The cell's headless browser was closed because the cell stopped.");
    const known = this.#leases.get(sandboxed);
    if (known !== undefined) return known;
    const made = (async (): Promise<Lease> => {
      const browser = await acquireBrowser(this.#executablePath(), sandboxed);
      const lease: Lease = { browser, spare: undefined, gone: false };
      browser.browser.once('disconnected', () => this.#drop(sandboxed, lease));
      return lease;
    })();
    this.#leases.set(sandboxed, made);
    made.catch(() => {
      if (this.#leases.get(sandboxed) === made) this.#leases.delete(sandboxed);
    });
    return made;
  }

  #executablePath(): string {
    if (this.#options.executablePath !== undefined) return this.#options.executablePath;
    const found = findChromium();
    if (found.path === undefined) {
      throw new ToolError(
        'unavailable',
        `The headless browser has no Chromium to run, so no page was opened. ${found.problem}`,
      );
    }
    return found.path;
  }

  #prepareSpare(lease: Lease): void {
    if (this.#closed || lease.gone || lease.spare !== undefined) return;
    const spare = openFreshContext(lease.browser);
    spare.catch(() => {});
    lease.spare = spare;
  }

  #drop(sandboxed: boolean, lease: Lease): void {
    if (lease.gone) return;
    lease.gone = true;
    void this.#leases.get(sandboxed)?.then((current) => {
      if (current === lease) this.#leases.delete(sandboxed);
    });
    const spare = lease.spare;
    lease.spare = undefined;
    void spare?.then((fresh) => fresh.close()).catch(() => {});
    lease.browser.release();
  }

  async #dropAll(): Promise<void> {
    const leases = await Promise.allSettled(
      [...this.#leases.entries()].map(async ([key, lease]) => [key, await lease] as const),
    );
    const spares: Promise<unknown>[] = [];
    for (const settled of leases) {
      if (settled.status !== 'fulfilled') continue;
      const [key, lease] = settled.value;
      if (lease.spare !== undefined) spares.push(lease.spare.then((fresh) => fresh.close()).catch(() => {}));
      lease.spare = undefined;
      this.#drop(key, lease);
    }
    this.#leases.clear();
    await Promise.all(spares);
  }

  #armIdle(): void {
    if (this.#closed || this.slots.usage.held > 0 || this.slots.usage.waiting > 0) return;
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.slots.usage.held === 0) void this.#dropAll();
    }, IDLE_MS);
    this.#idle.unref();
  }
}

/** Waits for `work`, or rejects as soon as `signal` fires (the caller then closes the context). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
