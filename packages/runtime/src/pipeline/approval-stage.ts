import { randomUUID } from 'node:crypto';
import type { ApprovalDecision } from '../approval/approval-request.js';
import { canonicalJson } from '../cycle/canonical-json.js';
import { onAbort } from './abort-listeners.js';
import type { CallScope } from './call-scope.js';
import type { Question } from './question.js';
import { type Refusal, refuse } from './refusal.js';

/** How a call that asked got through: this once, for the session, or by an earlier session approval. */
export type Approval = 'once' | 'session' | 'sticky';

/**
 * Governance asked: the questions go, as one request, to the run's human channel. No human means no.
 * An approval for the session is remembered by session, rule and canonical arguments (display-only
 * ones left out); text in a tool
 * result never counts as one, only the channel's answer does.
 */
export async function approvalStage(
  scope: CallScope,
  tool: string,
  args: unknown,
  questions: readonly Question[],
  displayOnly: ReadonlySet<string> = new Set(),
): Promise<Approval | Refusal> {
  const rule = questions.map((question) => question.rule ?? question.stage).join(',');
  const stage = questions.map((question) => question.stage).join(',');
  const question = questions.map((item) => item.question).join(' ');
  const key = `${scope.ids.sessionId ?? scope.ids.runId}\u0000${tool}\u0000${rule}\u0000${canonicalJson(args, displayOnly)}`;
  if (scope.sticky.has(key)) return 'sticky';
  if (scope.human === undefined) {
    return refuse(
      'approval',
      'approval_required',
      `This call needs a person's approval and no one is attached to this run to give it: ${question}`,
      rule,
    );
  }
  let decision: ApprovalDecision;
  // The call's own signal, following the run's through one shared listener (see `onAbort`).
  const asking = new AbortController();
  const stopWaiting = onAbort(scope.signal, () => asking.abort(scope.signal.reason));
  if (scope.signal.aborted) asking.abort(scope.signal.reason);
  try {
    decision = await scope.human.ask(
      {
        id: randomUUID(),
        ...scope.ids,
        tool,
        args,
        question,
        stage,
        rule,
        requestedAt: new Date().toISOString(),
      },
      asking.signal,
    );
  } catch (error) {
    return refuse('approval', 'denied', `The approval could not be asked: ${(error as Error).message}`, rule);
  } finally {
    stopWaiting();
  }
  if (scope.signal.aborted) {
    return refuse('approval', 'aborted', `${tool} was cancelled while it waited for approval`, rule);
  }
  if (decision.decision === 'deny') {
    const because = decision.reason === undefined || decision.reason === '' ? '.' : `: ${decision.reason}`;
    return refuse('approval', 'denied', `The call was not approved${because}`, rule);
  }
  if (decision.scope === 'session') {
    scope.sticky.add(key);
    return 'session';
  }
  return 'once';
}
