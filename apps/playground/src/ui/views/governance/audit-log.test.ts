import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client.js';
import type { EventHub, EventListener } from '../../api/events.js';
import type { AuditEvent } from '../../api/types.js';
import { AuditLog } from './audit-log.js';

function event(callId: string, at: string, tool = 'read'): AuditEvent {
  return {
    at,
    cellId: 'cell',
    runId: 'run',
    sessionId: 's1',
    agentId: undefined,
    actor: undefined,
    callId,
    tool,
    source: 'engine',
    provenance: '@wesgine/builtins@0.1.0',
    outcome: 'ok',
    stage: undefined,
    rule: undefined,
    durationMs: 1,
  };
}

function setup(history: unknown) {
  let hear: EventListener = () => {};
  const hub = {
    listen(listener: EventListener) {
      hear = listener;
      return () => {};
    },
  } as unknown as EventHub;
  let asked = 0;
  const api = {
    get: async () => {
      asked++;
      return { status: 200, body: history };
    },
  } as unknown as ApiClient;
  const log = new AuditLog(hub);
  return { log, api, send: (data: unknown) => hear('audit', data), asked: () => asked };
}

describe('the page audit log', () => {
  it('puts the history behind what the stream brought, newest first, each call once', async () => {
    const { log, api, send } = setup([event('a', '2026-12-02T10:00:00.000Z'), event('b', '2026-12-02T10:00:01.000Z')]);
    send(event('b', '2026-12-02T10:00:01.000Z'));
    send(event('c', '2026-12-02T10:00:02.000Z'));
    await log.load(api);
    expect(log.events.map((e) => e.callId)).toEqual(['c', 'b', 'a']);
    send(event('a', '2026-12-02T10:00:00.000Z'));
    expect(log.events.map((e) => e.callId)).toEqual(['c', 'b', 'a']);
    expect(log.heard('s1')).toBe(true);
  });

  it('asks for the history once, and ignores an answer that is not a list of events', async () => {
    const { log, api, send, asked } = setup({ error: 'nope' });
    await log.load(api);
    await log.load(api);
    expect(asked()).toBe(1);
    expect(log.events).toEqual([]);
    send({ tool: 'read' });
    expect(log.events).toEqual([]);
  });
});
