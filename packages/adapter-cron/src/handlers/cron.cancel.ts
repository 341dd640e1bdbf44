import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { CronCancelArgs } from '../../generated/types.gen.js';
import { schedulerOf } from '../cron-cells.js';
import { ownJob } from '../jobs/own-job.js';
import { storeGuarded } from '../jobs/store-failure.js';
import { iso, jobTitle } from '../text/describe-job.js';

/** Handles `cron.cancel`: the job stops waiting, and a run of it under way is cancelled. */
export const cronCancel: ToolHandler<CronCancelArgs> = storeGuarded(async (args, context) => {
  const scheduler = schedulerOf(context.cellId);
  const { store } = scheduler;
  const job = await ownJob(store, args.id, context);
  const wasActive = await store.cancel(job.id, Date.now());
  const stoppedRun = scheduler.cancelRun(job.id);
  scheduler.rearm();
  const title = jobTitle(job);
  if (wasActive) {
    return stoppedRun
      ? `Cancelled ${title}; its run under way was cancelled too, and it will not run again.`
      : `Cancelled ${title}; it will not run again.`;
  }
  if (stoppedRun) return `${title} had run its last time; its run under way was cancelled.`;
  if (job.state === 'cancelled') {
    throw new ToolError(
      'conflict',
      `${title} was cancelled already (${iso(job.endedAt ?? job.createdAt)}); nothing changed.`,
    );
  }
  throw new ToolError(
    'conflict',
    `${title} has run its last time (${iso(job.endedAt ?? job.createdAt)}) and will not run again; nothing to cancel.`,
  );
});
