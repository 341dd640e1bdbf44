import type { ApprovalRequest, AuditEvent, CycleVerdictRecord } from '../../api/types.js';

/** One verdict of the CycleDetector as the view lists it. */
export interface LoopVerdict {
  readonly at: string;
  readonly tool: string;
  readonly action: 'warn' | 'block' | 'escalate';
  readonly rule: string;
  /** What the model was told, when the detector's snapshot gave it. */
  readonly message: string | undefined;
}

/**
 * The run's verdicts: from the detector's own record when it holds as many as the audit events said
 * (it has the words the model read), else from the audit events' `cycle` field (a block is also a
 * refusal at stage `cycle`); the escalation's approval counts as the escalation when neither has it.
 */
export function loopVerdicts(
  recorded: readonly CycleVerdictRecord[] | undefined,
  calls: readonly AuditEvent[],
  escalation: ApprovalRequest | undefined,
): LoopVerdict[] {
  const heard: LoopVerdict[] = calls.flatMap((event): LoopVerdict[] => {
    if (event.cycle !== undefined) {
      return [{ at: event.at, tool: event.tool, ...event.cycle, message: undefined }];
    }
    if (event.stage === 'cycle') {
      return [{ at: event.at, tool: event.tool, action: 'block', rule: event.rule ?? 'repeat', message: undefined }];
    }
    return [];
  });
  const chosen: LoopVerdict[] =
    recorded !== undefined && recorded.length >= heard.length
      ? recorded.map((verdict) => ({ ...verdict, message: verdict.message }))
      : heard;
  if (escalation !== undefined && !chosen.some((verdict) => verdict.action === 'escalate')) {
    chosen.push({
      at: escalation.requestedAt,
      tool: escalation.tool,
      action: 'escalate',
      rule: escalation.rule ?? 'failures',
      message: escalation.question,
    });
  }
  return chosen;
}
