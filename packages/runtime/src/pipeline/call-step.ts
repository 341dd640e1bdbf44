/**
 * One step of a call's walk, as `CallOptions.onStep` hears it and the HTTP API's `trace` lists it: what
 * the playground draws as the trace. Steps come in the order they ran, each as it ends; a call that was
 * refused ends with the refusing step (its `outcome` not `pass`) and then `record`. One exception: a
 * call governance refused still meets the CycleDetector (so a refusal repeated is seen as a repeat), so
 * its `govern` step (`refused`) is followed by its `cycle` step, then `record`. A step that waits for
 * a person comes twice: `asked` when the question goes out, then the answer.
 *
 * An allowed call: resolve, [decode], validate, govern, cycle, [approval asked, approval approved],
 * context, handle, shape, [escalate], record.
 */
export interface CallStep {
  /**
   * `resolve` (lookup, whitelist), `decode` (provider dialect, only when the call named one),
   * `validate`, `govern` (Hardline, then Sandbox, then Zone), `cycle` (the CycleDetector's `before`),
   * `approval` (a person asked), `context`, `handle` (the handler), `shape` (output budget, spill),
   * `escalate` (the CycleDetector's `after` escalated), `record` (the audit event).
   */
  readonly step:
    | 'resolve'
    | 'decode'
    | 'validate'
    | 'govern'
    | 'cycle'
    | 'approval'
    | 'context'
    | 'handle'
    | 'shape'
    | 'escalate'
    | 'record';
  /**
   * `pass`: went on. `warn`: went on with a note for the model (cycle). `refused`: the call ends here
   * with an error. `asked`: a person was asked (approval, escalate); `approved` / `denied` their answer.
   * `failed`: the handler threw (`handle`) or returned something that is no result (`shape`).
   * `escalated`: the CycleDetector stopped the agent with no one to ask.
   */
  readonly outcome: 'pass' | 'warn' | 'refused' | 'asked' | 'approved' | 'denied' | 'failed' | 'escalated';
  /**
   * How long the step took, in milliseconds (fractions kept): the time since the step before it ended
   * (since the call began, for the first), so the steps of a call add up to its walk.
   */
  readonly ms: number;
  /** For `govern`: the part that decided (`hardline`, `sandbox`, `zone`); the last that judged when all passed. */
  readonly decidedBy?: 'hardline' | 'sandbox' | 'zone';
  /** The rule that decided, when one did (a zone rule's id, a Hardline rule, a cycle rule). */
  readonly rule?: string;
  /** One sentence for a person: the tool found and its source, the refusal's message, the cycle warning. */
  readonly detail?: string;
  /** For `govern`: the canonical forms judged (`path:<real>`, `argv:<json>`, `host:<name>`). */
  readonly judged?: readonly string[];
  /** The error code of a refused or failed step. */
  readonly code?: string;
}
