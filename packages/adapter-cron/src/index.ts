// The public surface of @wesgine/adapter-cron. Adding a name here makes it public API.

export type { CronCancelArgs, CronListArgs, CronScheduleArgs } from '../generated/types.gen.js';
export { cronAdapter } from './cron-adapter.js';
export type {
  CronClaim,
  CronJob,
  CronJobState,
  CronMissedPolicy,
  CronOwner,
  CronRunOutcome,
  CronRunRecord,
  CronStore,
  CronTask,
  CronWhen,
} from './store/cron-store.js';
export { sqliteCronStore } from './store/sqlite-cron-store.js';
