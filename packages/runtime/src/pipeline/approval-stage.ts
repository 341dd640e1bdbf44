import { randomUUID } from 'node:crypto';
import type { ApprovalDecision } from '../approval/approval-request.js';
import { canonicalJson } from '../cycle/canonical-json.js';
import { onAbort } from './abort-listeners.js';
import type { CallScope } from './call-scope.js';
import type { CallTrace } from './call-trace.js';
import type { Question } from './question.js';
import { type Refusal, refuse } from './refusal.js';

/** How a call that asked got through: this once, for the session, or by an earlier session approval. */
export type Approval = 'once' | 'session' | 'sticky';

/**
 * Governance asked: the questions go, as one request, to the run's human channel. No human means no.
 * An approval for the session is remembered by session, rule and canonical arguments (display-only
 * ones left out); text in a tool
 * result never counts as one, only the channel's answer does.
 *
 * With a `trace`, it tells its `approval` steps: `asked` when the question goes out, then `approved`,
 * `denied` or `refused` (no one to ask, or the call was cancelled while it waited); an approval given
 * earlier for the session is one `approved` step.
 */
export async function approvalStage(
  scope: CallScope,
  tool: string,
  args: unknown,
  questions: readonly Question[],
  displayOnly: ReadonlySet<string> = new Set(),
  trace?: CallTrace,
): Promise<Approval | Refusal> {
  const rule = questions.map((question) => question.rule ?? question.stage).join(',');
  const stage = questions.map((question) => question.stage).join(',');
  const question = questions.map((item) => item.question).join(' ');
  const key = `${scope.ids.sessionId ?? scope.ids.runId}\u0000${tool}\u0000${rule}\u0000${canonicalJson(args, displayOnly)}`;
  if (scope.sticky.has(key)) return told(trace, 'sticky', rule);
  if (scope.human === undefined) {
    const refusal = refuse(
      'approval',
      'approval_required',
      `This call needs a person's approval and no one is attached to this run to give it: ${question}`,
      rule,
    );
    return told(trace, refusal, rule);
  }
  trace?.step('approval', 'asked', { rule, detail: question });
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
    const refusal = refuse('approval', 'denied', `The approval could not be asked: ${(error as Error).message}`, rule);
    return told(trace, refusal, rule);
  } finally {
    stopWaiting();
  }
  if (scope.signal.aborted) {
    return told(trace, refuse('approval', 'aborted', `${tool} was cancelled while it waited for approval`, rule), rule);
  }
  if (decision.decision === 'deny') {
    const because = decision.reason === undefined || decision.reason === '' ? '.' : `: ${decision.reason}`;
    return told(trace, refuse('approval', 'denied', `The call was not approved${because}`, rule), rule, 'denied');
  }
  if (decision.scope === 'session') {
    scope.sticky.add(key);
    return told(trace, 'session', rule);
  }
  return told(trace, 'once', rule);
}

const APPROVED_AS: Record<Approval, string> = {
  once: 'approved once',
  session: 'approved for the session',
  sticky: 'approved earlier for the session',
};

/** The stage's answer, told to the trace as the step that ends it: `approved`, or how it did not get through. */
function told<T extends Approval | Refusal>(
  trace: CallTrace | undefined,
  answer: T,
  rule: string,
  outcome: 'refused' | 'denied' = 'refused',
): T {
  if (trace === undefined) return answer;
  if (typeof answer === 'string') trace.step('approval', 'approved', { rule, detail: APPROVED_AS[answer as Approval] });
  else trace.refused('approval', answer, outcome);
  return answer;
}
