import type { ToolCategory } from '@wesgine/schema';

export interface CycleThresholds {
  /** Warn when the same call has come this many times in a row. */
  readonly warnAt: number;
  /** Block (do not run) at this many. */
  readonly blockAt: number;
  /** Block a repeating cycle of 2 to 5 calls once it has run this many times. */
  readonly cycleRepetitions: number;
}

/** A count that warns, then blocks. */
export interface StreakThresholds {
  readonly warnAt: number;
  readonly blockAt: number;
}

export interface CycleConfig {
  readonly thresholds: Readonly<Record<ToolCategory, CycleThresholds>>;
  /** Consecutive exploration calls with no action between them. */
  readonly explorationStreak: StreakThresholds;
  /**
   * Consecutive action calls on the same target (the same real paths or URL) with nothing else between
   * them: an agent that keeps changing one file, each time differently, without looking at what it did.
   * The halving rule lets such calls pass the repeat rule; this cap does not.
   */
  readonly actionStreak: StreakThresholds;
  /** A target whose content returns to an earlier state (A -> B -> A). */
  readonly revisits: StreakThresholds;
  /** Consecutive failures with the same error code on the same target before escalating. */
  readonly failuresBeforeEscalation: number;
  /** The longest repeating cycle looked for. */
  readonly longestCycle: number;
}

/** The defaults of the governance spec; the action streak is ours (warn at 10, block at 25). */
export const DEFAULT_CYCLE_CONFIG: CycleConfig = {
  thresholds: {
    exploration: { warnAt: 3, blockAt: 5, cycleRepetitions: 5 },
    action: { warnAt: 2, blockAt: 3, cycleRepetitions: 3 },
  },
  explorationStreak: { warnAt: 25, blockAt: 50 },
  actionStreak: { warnAt: 10, blockAt: 25 },
  revisits: { warnAt: 2, blockAt: 3 },
  failuresBeforeEscalation: 3,
  longestCycle: 5,
};
