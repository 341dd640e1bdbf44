import { type ToolContext, ToolError } from '@wesgine/schema';
import type { CronJob, CronStore } from '../store/cron-store.js';

/** Whether the call's actor scheduled the job: a call sees and cancels only its own actor's jobs. */
export function ownsJob(job: CronJob, context: ToolContext): boolean {
  return job.owner.actor === context.actor;
}

/** The job by id when the calling actor scheduled it; `not_found` otherwise (another actor's job looks absent). */
export async function ownJob(store: CronStore, id: string, context: ToolContext): Promise<CronJob> {
  const job = await store.get(id);
  if (job === undefined || !ownsJob(job, context)) {
    throw new ToolError('not_found', `there is no job '${id}' here; cron.list shows the jobs you scheduled.`);
  }
  return job;
}
