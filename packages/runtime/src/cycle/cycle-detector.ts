import { createHash } from 'node:crypto';
import type { ToolCategory } from '@wesgine/schema';
import { canonicalJson } from './canonical-json.js';
import { type CycleConfig, DEFAULT_CYCLE_CONFIG } from './cycle-config.js';
import type { CycleSnapshot, CycleVerdictRecord } from './cycle-snapshot.js';

/** One call as the detector sees it, before it runs. */
export interface CycleCall {
  readonly tool: string;
  readonly args: unknown;
  readonly category: ToolCategory;
  /** A repeat with changed arguments on the same target is progress (edit, write, apply_patch). */
  readonly progressAware?: boolean;
  /** The real paths the call touches, as the Sandbox resolved them. */
  readonly targets?: readonly string[];
  /** Top-level argument names that only describe the call (exec's `description`): not part of its key. */
  readonly displayOnly?: readonly string[];
}

/** What happened, after the call ran. */
export interface CycleOutcome {
  readonly ok: boolean;
  readonly errorCode?: string;
  /** Hash of the target's content before and after the call, for tools that change files. */
  readonly contentBefore?: string;
  readonly contentAfter?: string;
}

export type CycleRule = 'repeat' | 'cycle' | 'revisit' | 'exploration-streak' | 'action-streak' | 'failures';

export type CycleVerdict =
  | { readonly action: 'ok' }
  | { readonly action: 'warn' | 'block'; readonly rule: CycleRule; readonly message: string }
  | {
      readonly action: 'escalate';
      readonly rule: CycleRule;
      /** What happened, in one sentence. */
      readonly reason: string;
      /** What the model reads. */
      readonly message: string;
      /** What a person is asked: let the agent go on, or stop. */
      readonly question: string;
    };

const OK: CycleVerdict = { action: 'ok' };

/** How many verdicts that were not `ok` `snapshot()` remembers: the latest 20. */
export const VERDICTS_KEPT = 20;
const SEVERITY = { ok: 0, warn: 1, escalate: 2, block: 3 } as const;

interface Seen {
  readonly key: string;
  readonly tool: string;
  readonly category: ToolCategory;
}

/**
 * Notices an agent going round in circles, per run and per agent: the same call again and again, a
 * repeating cycle of 2 to 5 calls, edits that undo each other, looking without ever acting, and the same
 * failure three times. `before` judges a call (a block means: do not run it); `after` records what it did
 * and may escalate. `reset` starts afresh when a new user message arrives or the human answers.
 * `snapshot` says what it holds now, and the latest verdicts that were not `ok` (for a person watching).
 */
export class CycleDetector {
  readonly #config: CycleConfig;
  #history: Seen[] = [];
  #streak = 0;
  #lastTarget: string | undefined;
  #explorationStreak = 0;
  #actionStreak = 0;
  #actionTarget: string | undefined;
  #contents = new Map<string, { readonly seen: Set<string>; last: string; revisits: number }>();
  #failure: { readonly target: string; readonly code: string; count: number } | undefined;
  /** The latest verdicts that were not `ok`, oldest first; `reset` keeps them: they are what happened. */
  readonly #verdicts: CycleVerdictRecord[] = [];

  constructor(config: CycleConfig = DEFAULT_CYCLE_CONFIG) {
    this.#config = config;
  }

  before(call: CycleCall): CycleVerdict {
    const key = callKey(call);
    const target = targetKey(call);
    const previous = this.#history.at(-1);
    if (previous?.key === key) this.#streak += 1;
    else if (call.progressAware === true && target !== undefined && target === this.#lastTarget) {
      this.#streak = Math.max(1, Math.floor(this.#streak / 2));
    } else this.#streak = 1;
    this.#lastTarget = target;
    this.#history.push({ key, tool: call.tool, category: call.category });
    const keep = this.#config.longestCycle * this.#longestRepetition() + 1;
    if (this.#history.length > keep) this.#history.splice(0, this.#history.length - keep);
    this.#explorationStreak = call.category === 'exploration' ? this.#explorationStreak + 1 : 0;
    const acting = call.category === 'action' && target !== undefined;
    this.#actionStreak = acting ? (target === this.#actionTarget ? this.#actionStreak + 1 : 1) : 0;
    this.#actionTarget = acting ? target : undefined;
    const verdict = strongest([
      this.#repeatVerdict(call),
      this.#cycleVerdict(),
      this.#revisitVerdict(call, target),
      this.#streakVerdict('exploration-streak', this.#explorationStreak),
      this.#streakVerdict('action-streak', this.#actionStreak),
    ]);
    if (verdict.action !== 'ok') this.#remember(call.tool, verdict);
    return verdict;
  }

  after(call: CycleCall, outcome: CycleOutcome): CycleVerdict {
    const target = targetKey(call) ?? call.tool;
    const after = outcome.contentAfter;
    if (after !== undefined) {
      const known = this.#contents.get(target);
      const record = known ?? { seen: new Set<string>(), last: after, revisits: 0 };
      const before = outcome.contentBefore ?? known?.last;
      if (after !== before && record.seen.has(after)) record.revisits++;
      if (before !== undefined) record.seen.add(before);
      record.seen.add(after);
      record.last = after;
      this.#contents.set(target, record);
    }
    if (outcome.ok || outcome.errorCode === undefined) {
      this.#failure = undefined;
      return OK;
    }
    const same =
      this.#failure !== undefined && this.#failure.target === target && this.#failure.code === outcome.errorCode;
    this.#failure =
      same && this.#failure
        ? { ...this.#failure, count: this.#failure.count + 1 }
        : { target, code: outcome.errorCode, count: 1 };
    const { count, code } = this.#failure;
    if (count < this.#config.failuresBeforeEscalation) return OK;
    const failed = `${call.tool} failed ${count} times in a row with ${code} on the same target.`;
    const escalation: Extract<CycleVerdict, { action: 'escalate' }> = {
      action: 'escalate',
      rule: 'failures',
      reason: failed,
      message: `${failed} Stop and ask the user how to go on, or try a different approach.`,
      question: `${failed} Approve to let the agent go on, deny to stop it.`,
    };
    this.#remember(call.tool, escalation);
    return escalation;
  }

  /** What the detector holds now: its counts, the calls it remembers and its latest verdicts, as copies. */
  snapshot(): CycleSnapshot {
    const failure = this.#failure;
    return {
      config: structuredClone(this.#config),
      repeat: { tool: this.#history.at(-1)?.tool, count: this.#streak },
      explorationStreak: this.#explorationStreak,
      actionStreak: this.#actionStreak,
      ...(failure === undefined
        ? {}
        : { failure: { target: failure.target, code: failure.code, count: failure.count } }),
      recent: this.#history.map(({ tool, category }) => ({ tool, category })),
      verdicts: [...this.#verdicts],
    };
  }

  /** A new user message, or the human answered: every count starts again. */
  reset(): void {
    this.#history = [];
    this.#streak = 0;
    this.#lastTarget = undefined;
    this.#explorationStreak = 0;
    this.#actionStreak = 0;
    this.#actionTarget = undefined;
    this.#contents.clear();
    this.#failure = undefined;
  }

  #remember(tool: string, verdict: Exclude<CycleVerdict, { action: 'ok' }>): void {
    const { action, rule, message } = verdict;
    this.#verdicts.push({ at: new Date().toISOString(), tool, action, rule, message });
    if (this.#verdicts.length > VERDICTS_KEPT) this.#verdicts.shift();
  }

  #repeatVerdict(call: CycleCall): CycleVerdict {
    const { warnAt, blockAt } = this.#config.thresholds[call.category];
    const times = this.#streak;
    if (times >= blockAt) {
      return {
        action: 'block',
        rule: 'repeat',
        message: `Not run: ${call.tool} was called with the same arguments ${times} times in a row. The result will not change; try another approach.`,
      };
    }
    if (times >= warnAt) {
      return {
        action: 'warn',
        rule: 'repeat',
        message: `Note: ${call.tool} was called with the same arguments ${times} times in a row. If the result did not help, change the arguments or the approach.`,
      };
    }
    return OK;
  }

  #cycleVerdict(): CycleVerdict {
    const history = this.#history;
    const { length } = history;
    // Read in place, without copies: this runs before every call.
    for (let period = 2; period <= this.#config.longestCycle && period <= length; period++) {
      if (!mixed(history, length - period, length)) continue;
      let repetitions = 1;
      while (sameRun(history, period, repetitions)) repetitions++;
      let category: 'action' | 'exploration' = 'exploration';
      for (let index = length - period; index < length; index++) {
        if (history[index]?.category === 'action') category = 'action';
      }
      if (repetitions >= this.#config.thresholds[category].cycleRepetitions) {
        const tools = history
          .slice(-period)
          .map((seen) => seen.tool)
          .join(' -> ');
        return {
          action: 'block',
          rule: 'cycle',
          message: `Not run: the same ${period} calls (${tools}) have now repeated ${repetitions} times. This loop is not making progress; change the approach.`,
        };
      }
    }
    return OK;
  }

  #revisitVerdict(call: CycleCall, target: string | undefined): CycleVerdict {
    const revisits = this.#contents.get(target ?? call.tool)?.revisits ?? 0;
    const { warnAt, blockAt } = this.#config.revisits;
    if (revisits < warnAt) return OK;
    const action = revisits >= blockAt ? 'block' : 'warn';
    const lead = action === 'block' ? 'Not run' : 'Note';
    return {
      action,
      rule: 'revisit',
      message: `${lead}: the file has gone back to an earlier content ${revisits} times; the changes are undoing each other.`,
    };
  }

  #streakVerdict(rule: 'exploration-streak' | 'action-streak', count: number): CycleVerdict {
    const { warnAt, blockAt } = this.#config[rule === 'exploration-streak' ? 'explorationStreak' : 'actionStreak'];
    if (count < warnAt) return OK;
    const action = count >= blockAt ? 'block' : 'warn';
    const lead = action === 'block' ? 'Not run' : 'Note';
    const message =
      rule === 'exploration-streak'
        ? `${lead}: ${count} calls in a row have only looked, without changing anything. Act on what you found, or ask the user.`
        : `${lead}: ${count} actions in a row on the same target, without looking at the result in between. Check what they did (read, grep, a read-only command), or ask the user.`;
    return { action, rule, message };
  }

  #longestRepetition(): number {
    const { exploration, action } = this.#config.thresholds;
    return Math.max(exploration.cycleRepetitions, action.cycleRepetitions) + 1;
  }
}

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * `hash(tool, canonical arguments without display-only fields)`. Short keys are kept as they are (a hash
 * costs more than comparing them); long ones are hashed so the history stays small.
 */
export function callKey(call: CycleCall): string {
  const omit = call.displayOnly === undefined ? NO_FIELDS : new Set(call.displayOnly);
  const key = `${call.tool}\u0000${canonicalJson(call.args, omit)}`;
  return key.length <= 256 ? key : createHash('sha1').update(key).digest('base64');
}

function targetKey(call: CycleCall): string | undefined {
  return call.targets === undefined || call.targets.length === 0 ? undefined : [...call.targets].sort().join('\u0000');
}

/** Whether the `period` keys before the last `repetitions` periods equal the last period. */
/** Whether the calls from `start` to `end` are not all one and the same call. */
function mixed(history: readonly Seen[], start: number, end: number): boolean {
  const first = history[start]?.key;
  for (let index = start + 1; index < end; index++) if (history[index]?.key !== first) return true;
  return false;
}

function sameRun(history: readonly Seen[], period: number, repetitions: number): boolean {
  const end = history.length;
  const start = end - (repetitions + 1) * period;
  if (start < 0) return false;
  for (let offset = 0; offset < period; offset++) {
    if (history[start + offset]?.key !== history[end - period + offset]?.key) return false;
  }
  return true;
}

function strongest(verdicts: readonly CycleVerdict[]): CycleVerdict {
  return verdicts.reduce((best, verdict) => (SEVERITY[verdict.action] > SEVERITY[best.action] ? verdict : best), OK);
}
