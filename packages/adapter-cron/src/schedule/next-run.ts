import { Cron } from 'croner';
import type { CronWhen } from '../store/cron-store.js';

/**
 * The first time of `when` strictly after `after` (ms since the epoch), or undefined when there is none.
 * croner only computes here: its job is made paused and stopped at once, so it holds no timer, and the
 * times the adapter keeps in its store stay the one source of truth.
 */
export function nextRun(when: CronWhen, after: number): number | undefined {
  if (when.kind === 'once') return when.at > after ? when.at : undefined;
  const job = new Cron(when.expression, { paused: true, timezone: when.timezone ?? 'Etc/UTC' });
  try {
    return job.nextRun(new Date(after))?.getTime();
  } finally {
    job.stop();
  }
}

/** The most times counted when telling how many were missed. */
export const MISSED_COUNTED = 10_000;

/**
 * The times of `when` from `first` up to `now` (both included): how many there were, capped at
 * `MISSED_COUNTED`, and the latest of them.
 */
export function dueTimes(when: CronWhen, first: number, now: number): { count: number; latest: number } {
  let count = 1;
  let latest = first;
  for (;;) {
    const next = nextRun(when, latest);
    if (next === undefined || next > now || count >= MISSED_COUNTED) return { count, latest };
    count += 1;
    latest = next;
  }
}
