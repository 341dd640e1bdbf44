import type { ToolHandler } from '@wesgine/schema';
import type { CronListArgs } from '../../generated/types.gen.js';
import { schedulerOf } from '../cron-cells.js';
import { ownJob, ownsJob } from '../jobs/own-job.js';
import { storeGuarded } from '../jobs/store-failure.js';
import type { CronJobState } from '../store/cron-store.js';
import { describeJob, describeRun, iso } from '../text/describe-job.js';

/** How many runs `cron.list { id }` shows. */
const RUNS_SHOWN = 10;

/** Handles `cron.list`: the calling actor's jobs with their next and last runs, or one job with its latest runs. */
export const cronList: ToolHandler<CronListArgs> = storeGuarded(async (args, context) => {
  const { store } = schedulerOf(context.cellId);
  if (args.id !== undefined) {
    const job = await ownJob(store, args.id, context);
    const runs = await store.runs(job.id, RUNS_SHOWN);
    const lines =
      runs.length === 0
        ? ['No runs yet.']
        : [`Latest runs, newest first:`, ...runs.map((run) => `- ${describeRun(run)}`)];
    return {
      text: [describeJob(job, runs[0]), ...lines].join('\n'),
      data: { id: job.id, state: job.state, nextRun: job.nextRun === undefined ? null : iso(job.nextRun) },
    };
  }
  const states: CronJobState[] = args.include_ended === true ? ['active', 'done', 'cancelled'] : ['active'];
  const jobs = (await store.list(states)).filter((job) => ownsJob(job, context));
  if (jobs.length === 0) {
    const which = args.include_ended === true ? 'No jobs' : 'No jobs are waiting';
    return `${which}; cron.schedule adds one.`;
  }
  const described: string[] = [];
  for (const job of jobs) described.push(describeJob(job, (await store.runs(job.id, 1))[0]));
  const count = jobs.length === 1 ? '1 job' : `${jobs.length} jobs`;
  return `${count}:\n${described.join('\n')}`;
});
