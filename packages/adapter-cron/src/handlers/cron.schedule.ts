import { randomBytes } from 'node:crypto';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { CronScheduleArgs } from '../../generated/types.gen.js';
import { schedulerOf } from '../cron-cells.js';
import { checkTask } from '../jobs/check-task.js';
import { jobOwner, ownWhitelist } from '../jobs/job-owner.js';
import { storeGuarded } from '../jobs/store-failure.js';
import { parseWhen } from '../schedule/parse-when.js';
import type { CronJob } from '../store/cron-store.js';
import { describeMissed, describeTask, describeWhen, iso, jobTitle } from '../text/describe-job.js';

/** The jobs a cell keeps waiting at once unless `CellSpec.cron.maxJobs` says otherwise. */
const DEFAULT_MAX_JOBS = 100;

/**
 * Handles `cron.schedule`: everything is checked first (the time, the tool and its arguments, the
 * caller's limits), then the job is stored and the timer looks again. A refusal stores nothing.
 */
export const cronSchedule: ToolHandler<CronScheduleArgs> = storeGuarded(async (args, context) => {
  const scheduler = schedulerOf(context.cellId);
  const { cell, spec, store } = scheduler;
  const run = cell.findRun(context.runId);
  if (run?.params.origin?.kind === 'cron') {
    throw new ToolError('not_allowed', 'a scheduled job cannot schedule more jobs; nothing was scheduled.');
  }
  const now = Date.now();
  const { when, first } = parseWhen(args.when, args.timezone, now);
  const task = checkTask(cell, spec, args.run, ownWhitelist(cell, run));
  const owner = jobOwner(cell, run, context);
  const job: CronJob = {
    id: `cron-${randomBytes(4).toString('hex')}`,
    ...(args.name === undefined ? {} : { name: args.name }),
    when,
    task,
    owner,
    missed: args.missed ?? spec.missed ?? 'once',
    state: 'active',
    nextRun: first,
    createdAt: now,
  };
  const maxJobs = spec.maxJobs ?? DEFAULT_MAX_JOBS;
  if (!(await store.add(job, maxJobs))) {
    throw new ToolError(
      'conflict',
      `the cell has ${maxJobs} jobs waiting, the most it keeps; cancel one first (cron.list shows them). Nothing was scheduled.`,
    );
  }
  scheduler.rearm();
  const as = owner.actor === undefined ? 'a call' : `a call of ${owner.actor}`;
  return {
    text: [
      `Scheduled ${jobTitle(job)}: ${describeTask(task)} ${describeWhen(when)}.`,
      `Next run: ${iso(first)}. Runs missed while the cell is stopped: ${describeMissed(job)}.`,
      `Each run is governed as ${as} with nobody to approve it; cancel it with cron.cancel {"id":"${job.id}"}.`,
    ].join('\n'),
    data: { id: job.id, nextRun: iso(first) },
  };
});
