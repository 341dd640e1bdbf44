import type { ModelClient } from '../agent/model-client.js';

/**
 * What a job that was scheduled while the cell was stopped does when the cell starts again: `once` runs
 * it once, late, for all the occurrences it missed; `skip` records them as missed and waits for the next
 * one. A run under way when the cell stopped is never run again, whatever the policy.
 */
export type CronMissedPolicy = 'skip' | 'once';

/** The model behind prompt jobs (`cron.schedule` with `run: { prompt }`). */
export interface CronAgent {
  readonly client: ModelClient;
  /** The system message of each prompt run. */
  readonly system?: string;
  /** How many model replies one prompt run may take; 20 when absent. */
  readonly maxTurns?: number;
  /** The tools a prompt run may call (never more than its scheduler's run could); every cell tool when absent. */
  readonly tools?: readonly string[];
  /** How long one prompt run may take before it is cancelled; 10 minutes when absent. */
  readonly timeoutMs?: number;
}

/** `CellSpec.cron`: scheduled tool calls and agent prompts, kept in the cell's data folder. */
export interface CronSpec {
  /** The missed-run policy of jobs that do not choose their own; `once` when absent. */
  readonly missed?: CronMissedPolicy;
  /** How many jobs may be waiting at once in the cell; 100 when absent. */
  readonly maxJobs?: number;
  /** The model for prompt jobs; without it only tool calls can be scheduled. */
  readonly agent?: CronAgent;
}
