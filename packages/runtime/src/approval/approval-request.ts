import type { UserAnswer, UserQuestion } from '@wesgine/schema';

/** Where a request to the human comes from: its id, the call's cell, run, session, actor, agent and tool. */
export interface HumanRequestOrigin {
  readonly id: string;
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly actor: string | undefined;
  readonly agentId: string | undefined;
  readonly tool: string;
  readonly requestedAt: string;
}

/** A call that governance wants a human to approve, as the human channel sees it. */
export interface ApprovalRequest extends HumanRequestOrigin {
  /** The call's arguments, as validated. */
  readonly args: unknown;
  /** What the human is asked, in words. */
  readonly question: string;
  /** The stage and rule that asked (`sandbox`, `zone`; `cycle` when an agent keeps failing and may stop). */
  readonly stage: string;
  readonly rule: string | undefined;
}

/**
 * A human's answer. `approve` with `scope: 'session'` also approves the same call (same rule, same
 * canonical arguments) for the rest of the session; `deny` sends its reason to the model.
 */
export type ApprovalDecision =
  | { readonly decision: 'approve'; readonly scope?: 'once' | 'session' }
  | { readonly decision: 'deny'; readonly reason?: string };

/** Questions a tool (`ask_user`) puts to the human, as the human channel sees them. */
export interface QuestionRequest extends HumanRequestOrigin {
  readonly questions: readonly UserQuestion[];
}

/**
 * Where a run's questions go: `ask_user`, the HTTP API's approval queue, the playground. The signal
 * aborts when the call is cancelled; the channel should then stop waiting.
 */
export interface HumanChannel {
  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
  /**
   * Answers a tool's questions (one answer per question, in order). A channel without it approves calls
   * only: `ask_user` then says no human can answer.
   */
  question?(request: QuestionRequest, signal: AbortSignal): Promise<readonly UserAnswer[]>;
}
