import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson, question } from './http.test.fixture.js';

describe('approvals', () => {
  it('lists the waiting questions and answers one with approve', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    expect(await (await app.request('/approvals')).json()).toEqual([]);
    const answer = cell.approvals().ask(question('q1'), new AbortController().signal);
    const listed = await app.request('/approvals');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([question('q1')]);
    const decided = await app.request('/approvals/q1', postJson({ decision: 'approve', scope: 'session' }));
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({ id: 'q1', decision: { decision: 'approve', scope: 'session' } });
    expect(await answer).toEqual({ decision: 'approve', scope: 'session' });
    expect(await (await app.request('/approvals')).json()).toEqual([]);
  });

  it('answers with deny and its reason', async () => {
    const { cell } = fixtureCell();
    const answer = cell.approvals().ask(question('q2'), new AbortController().signal);
    const decided = await createApp(cell, OPEN).request(
      '/approvals/q2',
      postJson({ decision: 'deny', reason: 'not today' }),
    );
    expect(decided.status).toBe(200);
    expect(await answer).toEqual({ decision: 'deny', reason: 'not today' });
  });

  it('answers an unknown or already answered id with 404', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    const answer = cell.approvals().ask(question('q3'), new AbortController().signal);
    await app.request('/approvals/q3', postJson({ decision: 'approve' }));
    await answer;
    const again = await app.request('/approvals/q3', postJson({ decision: 'approve' }));
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: {
        code: 'unknown_approval',
        message: 'no question is waiting with id "q3": it was answered, timed out, or never asked',
      },
    });
  });

  it.each([
    [{}, "'decision' must be 'approve' or 'deny'"],
    [{ decision: 'maybe' }, "'decision' must be 'approve' or 'deny'"],
    [{ decision: 'approve', scope: 'forever' }, "'scope' must be 'once' or 'session'"],
    [{ decision: 'approve', reason: 'ok' }, "unknown field 'reason'; approve takes only scope"],
    [{ decision: 'deny', reason: 42 }, "'reason' must be a string"],
    [{ decision: 'deny', scope: 'once' }, "unknown field 'scope'; deny takes only reason"],
  ])('answers the body %j with 400 and leaves the question waiting', async (body, message) => {
    const { cell } = fixtureCell();
    void cell.approvals().ask(question('q4'), AbortSignal.timeout(5_000));
    const response = await createApp(cell, OPEN).request('/approvals/q4', postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_body', message } });
    expect(cell.approvals().pending()).toHaveLength(1);
    cell.approvals().decide('q4', { decision: 'deny' });
  });

  it('has no /approvals routes when approvals are off', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, { ...OPEN, approvals: false }).request('/approvals');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'there is no route GET /approvals' },
    });
  });
});
