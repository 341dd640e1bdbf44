import { ToolError } from '@wesgine/schema';
import type { CronScheduler } from './scheduler/cron-scheduler.js';

/** Each live cell's scheduler, by cell id: filled by the adapter's `create`, emptied by its `close`. */
const schedulers = new Map<string, CronScheduler>();

export function addScheduler(cellId: string, scheduler: CronScheduler): void {
  schedulers.set(cellId, scheduler);
}

export function removeScheduler(cellId: string, scheduler: CronScheduler): void {
  if (schedulers.get(cellId) === scheduler) schedulers.delete(cellId);
}

/** The calling cell's scheduler, or `unavailable` when its cron adapter is stopped. */
export function schedulerOf(cellId: string): CronScheduler {
  const scheduler = schedulers.get(cellId);
  if (scheduler === undefined) {
    throw new ToolError(
      'unavailable',
      "this cell's scheduler is stopped (or the cell has no cron field); no job was read or changed",
    );
  }
  return scheduler;
}
