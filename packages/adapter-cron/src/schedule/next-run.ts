import { Cron } from 'croner';
import type { CronWhen } from '../store/cron-store.js';

/**
 * The first time of `when` strictly after `after` (ms since the epoch), or undefined when there is none.
 * croner only computes here: its job is made paused and stopped at once, so it holds no timer, and the
 * times the adapter keeps in its store stay the one source of truth.
 */
export function nextRun(when: CronWhen, after: number): number | undefined {
  return withTimes(when, (next) => next(after));
}

/** The most times counted when telling how many were missed (croner takes about 0.2 ms a time). */
export const MISSED_COUNTED = 100;

/**
 * The times of `when` from `first` up to `now` (both included): how many there were, counted up to
 * `MISSED_COUNTED`, and the latest of them (found backwards from `now`, however many there were).
 */
export function dueTimes(when: CronWhen, first: number, now: number): { count: number; latest: number } {
  if (when.kind === 'once') return { count: 1, latest: first };
  return withCron(when, (job) => {
    let count = 1;
    let latest = first;
    for (;;) {
      const following = job.nextRun(new Date(latest))?.getTime();
      if (following === undefined || following > now) return { count, latest };
      count += 1;
      latest = following;
      if (count >= MISSED_COUNTED) break;
    }
    const last = job.previousRuns(1, new Date(now + 1))[0]?.getTime();
    return { count, latest: last !== undefined && last > latest ? last : latest };
  });
}

/** Lends `use` a function giving the time after a time, over one paused croner job stopped afterwards. */
function withTimes<T>(when: CronWhen, use: (next: (after: number) => number | undefined) => T): T {
  if (when.kind === 'once') return use((after) => (when.at > after ? when.at : undefined));
  return withCron(when, (job) => use((after) => job.nextRun(new Date(after))?.getTime()));
}

function withCron<T>(when: Extract<CronWhen, { kind: 'cron' }>, use: (job: Cron) => T): T {
  const job = new Cron(when.expression, { paused: true, timezone: when.timezone ?? 'Etc/UTC' });
  try {
    return use(job);
  } finally {
    job.stop();
  }
}
