import type { Cell, CronSpec } from '@wesgine/runtime';
import { dueTimes, nextRun } from '../schedule/next-run.js';
import type { CronJob, CronRunRecord, CronStore } from '../store/cron-store.js';
import { iso, missedTimes } from '../text/describe-job.js';
import { runJob } from './run-job.js';

/** The longest a timer waits before looking again (a Node timer cannot wait past about 24 days). */
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** How long a stop waits for the runs under way to record how they ended. */
const CLOSE_WAIT_MS = 5000;

interface ActiveRun {
  readonly controller: AbortController;
  readonly done: Promise<void>;
  cancelled: boolean;
  readonly startedAt: number;
}

/**
 * A cell's timer and its job runs. The store holds every job's next time; one unref'd timer waits for
 * the earliest, and each due time is claimed in the store (moving the job on) before it runs, so no
 * time runs twice across restarts or processes. At start, times that passed while the cell was stopped
 * follow each job's missed-run policy, and runs a stopped process left unfinished are marked interrupted.
 */
export class CronScheduler {
  readonly cell: Cell;
  readonly spec: CronSpec;
  readonly store: CronStore;
  readonly #active = new Map<string, ActiveRun>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;
  #again = false;
  #closed = false;
  /** Settles once the missed times are handled and the timer is set. */
  readonly started: Promise<void>;

  constructor(cell: Cell, spec: CronSpec, store: CronStore) {
    this.cell = cell;
    this.spec = spec;
    this.store = store;
    this.started = this.#start();
    // `ready()` rethrows; nothing else may see an unhandled rejection.
    this.started.catch(() => {});
  }

  /** Whether a run of the job is under way. */
  running(jobId: string): boolean {
    return this.#active.has(jobId);
  }

  /** Looks again for the earliest time (a job was added or cancelled). */
  rearm(): void {
    if (!this.#closed) void this.#tick();
  }

  /** Cancels a run under way of the job; true when there was one. */
  cancelRun(jobId: string): boolean {
    const active = this.#active.get(jobId);
    if (active === undefined) return false;
    active.cancelled = true;
    active.controller.abort(new Error('the job was cancelled'));
    return true;
  }

  /** Stops the timer and the runs under way (they are recorded as interrupted), then closes the store. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await this.started.catch(() => {});
    await this.#ticking;
    for (const active of this.#active.values()) active.controller.abort(new Error('the cell stopped'));
    // A handler that ignores its signal must not hold the stop: its record stays `running`, and the
    // next start marks it interrupted.
    let waited: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      waited = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([Promise.allSettled([...this.#active.values()].map((active) => active.done)), limit]);
    clearTimeout(waited);
    await this.store.close();
  }

  async #start(): Promise<void> {
    const now = Date.now();
    await this.store.interrupt(now, 'the cell stopped while it ran; it is not run again');
    for (const job of await this.store.due(now)) {
      if (this.#closed) return;
      await this.#missed(job, now);
    }
    await this.#tick();
  }

  /** A job whose time passed while the cell was stopped: its policy says whether it runs once now. */
  async #missed(job: CronJob, now: number): Promise<void> {
    if (job.nextRun === undefined) return;
    const { count, latest } = dueTimes(job.when, job.nextRun, now);
    const times = missedTimes(count);
    const base = {
      jobId: job.id,
      expected: job.nextRun,
      scheduledFor: latest,
      nextRun: nextRun(job.when, now),
      at: now,
      missedCount: count,
    };
    if (job.missed === 'skip') {
      await this.store.claim({
        ...base,
        outcome: 'missed',
        summary: `missed ${times} while the cell was stopped (last ${iso(latest)}); skipped, as its policy says`,
      });
      return;
    }
    if (this.#closed) return;
    const record = await this.store.claim({ ...base, outcome: 'running' });
    if (record !== undefined) this.#launch(job, record);
  }

  /** One look at the due jobs at a time; a call during one makes it look again when done. */
  #tick(): Promise<void> {
    if (this.#ticking !== undefined) {
      this.#again = true;
      return this.#ticking;
    }
    this.#ticking = this.#look().finally(() => {
      this.#ticking = undefined;
    });
    return this.#ticking;
  }

  async #look(): Promise<void> {
    try {
      do {
        this.#again = false;
        if (this.#closed) return;
        const now = Date.now();
        for (const job of await this.store.due(now)) {
          if (this.#closed) return;
          await this.#due(job, now);
        }
      } while (this.#again);
      if (!this.#closed) await this.#arm();
    } catch (error) {
      if (!this.#closed) this.#warn(`the cron store failed: ${(error as Error).message}`);
    }
  }

  /** A time that came while the cell ran: it runs, unless the job's run before is still going. */
  async #due(job: CronJob, now: number): Promise<void> {
    if (job.nextRun === undefined) return;
    // Times that passed while the process was busy (a long run, a blocked loop) are not run one by one.
    const { latest } = dueTimes(job.when, job.nextRun, now);
    const claim = {
      jobId: job.id,
      expected: job.nextRun,
      scheduledFor: latest,
      nextRun: nextRun(job.when, now),
      at: now,
    };
    const active = this.#active.get(job.id);
    if (active !== undefined) {
      await this.store.claim({
        ...claim,
        outcome: 'skipped',
        summary: `its run before (started ${iso(active.startedAt)}) was still going`,
      });
      return;
    }
    const record = await this.store.claim({ ...claim, outcome: 'running' });
    if (record !== undefined) this.#launch(job, record);
  }

  #launch(job: CronJob, record: CronRunRecord): void {
    const controller = new AbortController();
    const entry: { -readonly [K in keyof ActiveRun]: ActiveRun[K] } = {
      controller,
      cancelled: false,
      startedAt: record.startedAt ?? Date.now(),
      done: Promise.resolve(),
    };
    entry.done = (async () => {
      try {
        const outcome = await runJob(
          this.cell,
          this.spec,
          job,
          controller.signal,
          () => entry.cancelled,
          (runId) => void this.store.started(record.id, runId).catch(() => {}),
        );
        await this.store.finish(record.id, { ...outcome, at: Date.now() });
      } catch (error) {
        if (!this.#closed) this.#warn(`the run of job ${job.id} could not be recorded: ${(error as Error).message}`);
      } finally {
        this.#active.delete(job.id);
      }
    })();
    this.#active.set(job.id, entry);
  }

  async #arm(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const earliest = await this.store.earliest();
    if (earliest === undefined || this.#closed) return;
    const wait = Math.min(Math.max(earliest - Date.now(), 0), LONGEST_WAIT_MS);
    this.#timer = setTimeout(() => void this.#tick(), wait);
    this.#timer.unref();
  }

  #warn(message: string): void {
    this.cell.events.emit({
      kind: 'source',
      cellId: this.cell.id,
      sourceId: 'adapter:cron',
      state: 'warning',
      message,
      at: new Date().toISOString(),
    });
  }
}
