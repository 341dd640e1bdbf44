import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, AuditEvent, CycleVerdictRecord } from '../../api/types.js';
import { loopVerdicts } from './loop-verdicts.js';

function call(runId: string, extra: Partial<AuditEvent> = {}): AuditEvent {
  return {
    at: '2026-12-02T04:00:00.000Z',
    cellId: 'cell',
    runId,
    sessionId: 'loop-1',
    agentId: 'looping_agent',
    actor: undefined,
    callId: `${runId}-${Math.random()}`,
    tool: 'read',
    source: 'engine',
    provenance: undefined,
    outcome: 'ok',
    stage: undefined,
    rule: undefined,
    durationMs: 1,
    ...extra,
  };
}

const record = (action: CycleVerdictRecord['action'], rule: CycleVerdictRecord['rule']): CycleVerdictRecord => ({
  at: '2026-12-02T04:00:01.000Z',
  tool: 'read',
  action,
  rule,
  message: `${action} by ${rule}`,
});

const helperCalls = [
  call('helper'),
  call('helper'),
  call('helper', { cycle: { action: 'warn', rule: 'repeat' } }),
  call('helper', { cycle: { action: 'warn', rule: 'repeat' } }),
  call('helper', { outcome: 'cycle_blocked', stage: 'cycle', rule: 'repeat' }),
];

const escalation: ApprovalRequest = {
  id: 'a1',
  cellId: 'cell',
  runId: 'agent',
  sessionId: 'loop-1',
  actor: undefined,
  agentId: 'looping_agent',
  tool: 'read',
  requestedAt: '2026-12-02T04:00:02.000Z',
  args: { path: 'notes/missing.md' },
  question: 'read failed 3 times in a row',
  stage: 'cycle',
  rule: 'failures',
};

describe('loopVerdicts', () => {
  it('reads the audit events when no snapshot holds as many (a block is a refusal at stage cycle)', () => {
    const verdicts = loopVerdicts(
      ['helper'],
      { helper: { verdicts: [record('warn', 'repeat')] } },
      helperCalls,
      undefined,
    );
    expect(verdicts.map(({ action, rule, message }) => [action, rule, message])).toEqual([
      ['warn', 'repeat', undefined],
      ['warn', 'repeat', undefined],
      ['block', 'repeat', undefined],
    ]);
  });

  it("prefers the detector's record, with the words the model read, once it holds them all", () => {
    const kept = [record('warn', 'repeat'), record('warn', 'repeat'), record('block', 'repeat')];
    const verdicts = loopVerdicts(['helper'], { helper: { verdicts: kept } }, helperCalls, undefined);
    expect(verdicts.map((verdict) => verdict.message)).toEqual(['warn by repeat', 'warn by repeat', 'block by repeat']);
  });

  it('lists run by run, and counts the escalation asked before its audit event was written', () => {
    const calls = [...helperCalls, call('agent', { tool: 'looping_agent' }), call('agent', { outcome: 'not_found' })];
    const verdicts = loopVerdicts(['helper', 'agent'], {}, calls, escalation);
    expect(verdicts.map((verdict) => verdict.action)).toEqual(['warn', 'warn', 'block', 'escalate']);
    expect(verdicts.at(-1)).toEqual({
      at: escalation.requestedAt,
      tool: 'read',
      action: 'escalate',
      rule: 'failures',
      message: 'read failed 3 times in a row',
    });
  });

  it('does not count the escalation twice once a record or an audit event has it', () => {
    const heard = [call('agent', { cycle: { action: 'escalate', rule: 'failures' } })];
    expect(loopVerdicts(['agent'], {}, heard, escalation).map((verdict) => verdict.action)).toEqual(['escalate']);
    const kept = { agent: { verdicts: [record('escalate', 'failures')] } };
    expect(loopVerdicts(['agent'], kept, [], escalation).map((verdict) => verdict.action)).toEqual(['escalate']);
  });
});
