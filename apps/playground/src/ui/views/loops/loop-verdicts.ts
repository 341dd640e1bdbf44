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
 * The verdicts of the sub-agent runs, run by run in the order they were heard. For each run: the
 * detector's own record when it holds as many as the run's audit events said (it has the words the model
 * read), else the audit events' `cycle` field (a block is also a refusal at stage `cycle`). The
 * escalation's approval counts as the escalation while no record has it yet (it is asked before the
 * failing call's audit event is written).
 */
export function loopVerdicts(
  runIds: readonly string[],
  recorded: Readonly<Record<string, { readonly verdicts: readonly CycleVerdictRecord[] }>>,
  calls: readonly AuditEvent[],
  escalation: ApprovalRequest | undefined,
): LoopVerdict[] {
  const chosen = runIds.flatMap((runId) => {
    const heard = calls.filter((event) => event.runId === runId).flatMap(heardVerdict);
    const kept = recorded[runId]?.verdicts;
    return kept !== undefined && kept.length >= heard.length
      ? kept.map((verdict): LoopVerdict => ({ ...verdict }))
      : heard;
  });
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

function heardVerdict(event: AuditEvent): LoopVerdict[] {
  if (event.cycle !== undefined) return [{ at: event.at, tool: event.tool, ...event.cycle, message: undefined }];
  if (event.stage === 'cycle') {
    return [{ at: event.at, tool: event.tool, action: 'block', rule: event.rule ?? 'repeat', message: undefined }];
  }
  return [];
}
