import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../api/types.js';
import { ANY, matchesAudit, NOT_OK } from './audit-filter.js';

const base: AuditEvent = {
  at: '2026-12-02T04:00:00.000Z',
  cellId: 'cell',
  runId: 'run',
  sessionId: 'playground-1',
  agentId: undefined,
  actor: undefined,
  callId: 'c1',
  tool: 'read',
  source: 'engine',
  provenance: '@wesgine/builtins@0.1.0',
  outcome: 'ok',
  stage: undefined,
  rule: undefined,
  durationMs: 1,
};
const denied: AuditEvent = {
  ...base,
  callId: 'c2',
  outcome: 'zone_denied',
  stage: 'zone',
  rule: 'no-secrets',
  judged: ['path:/work/.env'],
};
const exec: AuditEvent = { ...base, callId: 'c3', tool: 'exec', approval: 'once', sourceId: 'mcp:fs' };
const all = { text: '', outcome: ANY, stage: ANY };
const shown = (filter: Partial<typeof all>) =>
  [base, denied, exec].filter((event) => matchesAudit(event, { ...all, ...filter })).map((event) => event.callId);

describe('matchesAudit', () => {
  it('shows everything with no filter', () => {
    expect(shown({})).toEqual(['c1', 'c2', 'c3']);
  });

  it('filters by outcome: ok, anything but ok, one code', () => {
    expect(shown({ outcome: 'ok' })).toEqual(['c1', 'c3']);
    expect(shown({ outcome: NOT_OK })).toEqual(['c2']);
    expect(shown({ outcome: 'zone_denied' })).toEqual(['c2']);
    expect(shown({ outcome: 'path_not_allowed' })).toEqual([]);
  });

  it('filters by the deciding stage', () => {
    expect(shown({ stage: 'zone' })).toEqual(['c2']);
    expect(shown({ stage: 'hardline' })).toEqual([]);
  });

  it('finds the words in the tool, rule, judged path and source, case aside', () => {
    expect(shown({ text: 'EXEC' })).toEqual(['c3']);
    expect(shown({ text: 'no-secrets' })).toEqual(['c2']);
    expect(shown({ text: '.env' })).toEqual(['c2']);
    expect(shown({ text: 'mcp:fs' })).toEqual(['c3']);
    expect(shown({ text: '  read ' })).toEqual(['c1', 'c2']);
  });
});
