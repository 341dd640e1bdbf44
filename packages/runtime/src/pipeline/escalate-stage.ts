import { randomUUID } from 'node:crypto';
import type { ApprovalDecision } from '../approval/approval-request.js';
import type { CycleVerdict } from '../cycle/cycle-detector.js';
import type { CallScope } from './call-scope.js';
import type { CallTrace } from './call-trace.js';
import type { ToolResult } from './tool-result.js';

type Escalation = Extract<CycleVerdict, { action: 'escalate' }>;

/**
 * The CycleDetector escalated (the same failure again and again). With a human attached, the human is
 * asked whether the agent goes on: approve lets it (the cycle counts start again, the model is told),
 * deny stops it (`escalated`, with the reason). With none, the result is `escalated`: an agent loop
 * ends there.
 *
 * With a `trace`, it tells its `escalate` steps: `asked` when a person is asked, then `approved` (the
 * agent goes on), `denied` (the person stopped it) or `escalated` (stopped with no one to ask).
 */
export async function escalateStage(
  scope: CallScope,
  tool: string,
  args: unknown,
  result: ToolResult,
  escalation: Escalation,
  trace?: CallTrace,
): Promise<ToolResult> {
  const { rule } = escalation;
  const stopped = (why: string, outcome: 'escalated' | 'denied' = 'escalated'): ToolResult => {
    trace?.step('escalate', outcome, { rule, detail: `${escalation.reason}${why}` });
    return { ...result, text: `${result.text}\n\n${escalation.message}${why}`, escalated: true };
  };
  if (scope.human === undefined) return stopped('');
  trace?.step('escalate', 'asked', { rule, detail: escalation.question });
  let decision: ApprovalDecision;
  try {
    decision = await scope.human.ask(
      {
        id: randomUUID(),
        ...scope.ids,
        tool,
        args,
        question: escalation.question,
        stage: 'cycle',
        rule: escalation.rule,
        requestedAt: new Date().toISOString(),
      },
      scope.signal,
    );
  } catch (error) {
    return stopped(` (The user could not be asked: ${(error as Error).message}.)`);
  }
  if (decision.decision === 'deny') {
    const because = decision.reason === undefined || decision.reason === '' ? '' : `: ${decision.reason}`;
    return stopped(` The user was asked and stopped the work${because}.`, 'denied');
  }
  scope.detector.reset();
  trace?.step('escalate', 'approved', { rule, detail: 'the user lets the agent go on; the cycle counts start again' });
  return {
    ...result,
    text: `${result.text}\n\n${escalation.reason} The user was asked and lets you go on; change the approach rather than repeat it.`,
  };
}
