import type { ToolCategory } from '@wesgine/schema';
import type { CycleConfig } from './cycle-config.js';
import type { CycleRule } from './cycle-detector.js';

/** A verdict the CycleDetector gave that was not `ok`, as kept for `snapshot()`. */
export interface CycleVerdictRecord {
  readonly at: string;
  readonly tool: string;
  readonly action: 'warn' | 'block' | 'escalate';
  readonly rule: CycleRule;
  readonly message: string;
}

/** What a run's CycleDetector holds now: `CycleDetector.snapshot()`, served by `GET /runs/:id/cycle`. */
export interface CycleSnapshot {
  readonly config: CycleConfig;
  /** The current run of the same call: its tool and how many times in a row (0 before any call). */
  readonly repeat: { readonly tool: string | undefined; readonly count: number };
  readonly explorationStreak: number;
  readonly actionStreak: number;
  /** The same failure on the same target, counting towards escalation; absent after a success. */
  readonly failure?: { readonly target: string; readonly code: string; readonly count: number };
  /** The calls it remembers, oldest first (the window the cycle rule looks at). */
  readonly recent: readonly { readonly tool: string; readonly category: ToolCategory }[];
  /** The latest verdicts that were not `ok` (up to 20), oldest first; `reset()` keeps them. */
  readonly verdicts: readonly CycleVerdictRecord[];
}
