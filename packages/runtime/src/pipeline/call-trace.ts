import type { CallStep } from './call-step.js';
import { ignoreRejection } from './ignore-rejection.js';
import type { Refusal } from './refusal.js';

/** What a step may say besides its name and outcome; a field left `undefined` is left out. */
export type StepDetail = {
  readonly [Key in Exclude<keyof CallStep, 'step' | 'outcome' | 'ms'>]?: CallStep[Key] | undefined;
};

/**
 * The steps of one call as they end, told to `CallOptions.onStep`. Made only for a call that has a
 * listener: a call without one carries `undefined` instead and its stages skip every line that tells,
 * so nothing is timed or built for it. A step's `ms` is the time since the step before it ended (the
 * call's start for the first), so the steps add up to the walk; the listener's own time is not counted.
 */
export class CallTrace {
  readonly #listener: (step: CallStep) => void;
  #last: number;

  constructor(listener: (step: CallStep) => void, started: number) {
    this.#listener = listener;
    this.#last = started;
  }

  /**
   * Ends a step now. A listener that throws, or returns a promise that rejects (an async one), is
   * ignored: the call goes on as if it had not listened, and no rejection is left unhandled to stop
   * the process.
   */
  step(step: CallStep['step'], outcome: CallStep['outcome'], detail?: StepDetail): void {
    const told: Mutable<CallStep> = { step, outcome, ms: performance.now() - this.#last };
    if (detail !== undefined) {
      // Field by field, in the order the type lists them: a step says only what it knows.
      if (detail.decidedBy !== undefined) told.decidedBy = detail.decidedBy;
      if (detail.rule !== undefined) told.rule = detail.rule;
      if (detail.detail !== undefined) told.detail = detail.detail;
      // A copy, frozen: the array is the audit event's too, and a listener must not change what is recorded.
      if (detail.judged !== undefined) told.judged = Object.freeze([...detail.judged]);
      if (detail.code !== undefined) told.code = detail.code;
    }
    try {
      ignoreRejection(this.#listener(told));
    } catch {}
    this.#last = performance.now();
  }

  /** Ends a step that refused the call: its code, rule and the message the model reads. */
  refused(step: CallStep['step'], refusal: Refusal, outcome: CallStep['outcome'] = 'refused'): void {
    this.step(step, outcome, { code: refusal.code, rule: refusal.rule, detail: refusal.message });
  }
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
