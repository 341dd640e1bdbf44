import { describe, expect, it } from 'vitest';
import type { Run } from '../engine/run.js';
import { SessionRuns } from './session-runs.js';

describe('SessionRuns', () => {
  it('keeps one run per (actor, session) and forgets the least recently used past its limit', () => {
    const opened: string[] = [];
    const runs = new SessionRuns((actor, sessionId) => {
      opened.push(`${actor}/${sessionId}`);
      return { id: `${actor}/${sessionId}` } as unknown as Run;
    }, 2);
    const first = runs.get('ann', 's1');
    expect(runs.get('ann', 's1')).toBe(first);
    runs.get('bob', undefined);
    runs.get('ann', 's1');
    runs.get(undefined, undefined);
    expect(runs.size).toBe(2);
    expect(runs.get('ann', 's1')).toBe(first);
    runs.get('bob', undefined);
    expect(opened).toEqual(['ann/s1', 'bob/undefined', 'undefined/undefined', 'bob/undefined']);
  });

  it('does not confuse an actor with a session of the same name', () => {
    const runs = new SessionRuns((actor, sessionId) => ({ id: `${actor}/${sessionId}` }) as unknown as Run);
    expect(runs.get('x', undefined)).not.toBe(runs.get(undefined, 'x'));
  });
});
