import type { CronSpec } from '@wesgine/runtime';

/** `once` or `skip`: what a job does with times missed while the cell was stopped. */
export type CronMissedPolicy = NonNullable<CronSpec['missed']>;

/** When a job runs: a cron expression (in a time zone, UTC when none), or one date. */
export type CronWhen =
  | { readonly kind: 'cron'; readonly expression: string; readonly timezone?: string }
  | { readonly kind: 'once'; readonly at: number };

/** What a job runs: one tool call, or an agent prompt. */
export type CronTask =
  | { readonly kind: 'tool'; readonly tool: string; readonly arguments: Readonly<Record<string, unknown>> }
  | { readonly kind: 'prompt'; readonly prompt: string };

/**
 * Who a job runs as: the scheduling call's actor and session, and never more than its run could do
 * (its agent's tool list and its own Zone, kept as the file path or policy object it was given).
 */
export interface CronOwner {
  readonly actor?: string;
  readonly sessionId?: string;
  readonly agentTools?: readonly string[];
  readonly zone?: string | Readonly<Record<string, unknown>>;
}

export type CronJobState = 'active' | 'done' | 'cancelled';

export interface CronJob {
  /** `cron-` and eight hex digits. */
  readonly id: string;
  readonly name?: string;
  readonly when: CronWhen;
  readonly task: CronTask;
  readonly owner: CronOwner;
  readonly missed: CronMissedPolicy;
  readonly state: CronJobState;
  /** The next scheduled time (ms since the epoch), or undefined once it will not run again. */
  readonly nextRun: number | undefined;
  readonly createdAt: number;
  /** When it was cancelled or ran its last time. */
  readonly endedAt?: number;
}

/**
 * What became of one scheduled time. `running` until it ends; `interrupted` when the cell stopped (or
 * the process died) during it; `missed` for times skipped while the cell was stopped; `skipped` for a
 * time that came while the job's previous run was still going.
 */
export type CronRunOutcome = 'running' | 'ok' | 'error' | 'interrupted' | 'missed' | 'skipped';

export interface CronRunRecord {
  readonly id: number;
  readonly jobId: string;
  /** The scheduled time it stands for (unique per job: the claim that keeps a time from running twice). */
  readonly scheduledFor: number;
  readonly startedAt?: number;
  readonly endedAt?: number;
  readonly outcome: CronRunOutcome;
  /** The tool error code of a failed run. */
  readonly code?: string;
  /** What the run gave back (cut short), or why it did not run. */
  readonly summary?: string;
  /** How many scheduled times it stands for when some were missed while the cell was stopped. */
  readonly missedCount?: number;
  /** The id of the cell run it ran as, for the audit log. */
  readonly runId?: string;
}

/** Takes one scheduled time of an active job, moving the job on to its next one. */
export interface CronClaim {
  readonly jobId: string;
  /** Must equal the job's stored next run: a time already taken (by another process, or before a restart) is not taken again. */
  readonly expected: number;
  /** The time the record stands for (the latest one due). */
  readonly scheduledFor: number;
  /** The job's next run after this one; undefined ends the job (`done`). */
  readonly nextRun: number | undefined;
  readonly at: number;
  readonly outcome: 'running' | 'missed' | 'skipped';
  readonly summary?: string;
  readonly missedCount?: number;
}

/**
 * Where a cell's jobs and their runs are kept. SQLite (`sqliteCronStore`) is the embedded default; the
 * methods are async so that a shared database can stand behind the same interface. `claim` must be
 * atomic: of two claims of the same scheduled time, one gets the record and the other undefined.
 */
export interface CronStore {
  /** Adds a job unless `limit` jobs are active already (checked and added atomically); false when full. */
  add(job: CronJob, limit: number): Promise<boolean>;
  get(id: string): Promise<CronJob | undefined>;
  /** Jobs in these states, oldest first. */
  list(states: readonly CronJobState[]): Promise<CronJob[]>;
  /** The earliest next run of the active jobs. */
  earliest(): Promise<number | undefined>;
  /** Active jobs whose next run is at or before `now`. */
  due(now: number): Promise<CronJob[]>;
  claim(claim: CronClaim): Promise<CronRunRecord | undefined>;
  finish(
    recordId: number,
    end: { readonly outcome: CronRunOutcome; readonly code?: string; readonly summary: string; readonly at: number },
  ): Promise<void>;
  /** Notes the run that is about to start as this cell run. */
  started(recordId: number, runId: string): Promise<void>;
  /** Cancels an active job; false when it is not active. */
  cancel(id: string, at: number): Promise<boolean>;
  /** Marks runs left `running` by a process that is gone as `interrupted`; how many there were. */
  interrupt(at: number, summary: string): Promise<number>;
  /** The job's latest runs, newest first. */
  runs(jobId: string, limit: number): Promise<CronRunRecord[]>;
  close(): Promise<void>;
}
