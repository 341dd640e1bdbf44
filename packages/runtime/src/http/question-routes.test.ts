import { describe, expect, it } from 'vitest';
import type { QuestionRequest } from '../approval/approval-request.js';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson } from './http.test.fixture.js';

function request(id: string): QuestionRequest {
  return {
    id,
    cellId: 'c',
    runId: 'r',
    sessionId: 's',
    actor: undefined,
    agentId: undefined,
    tool: 'ask_user',
    questions: [
      { question: 'Which colour?', options: [{ label: 'red' }, { label: 'blue' }] },
      { question: 'Which sizes?', options: [{ label: 'S' }, { label: 'M' }], multiSelect: true },
    ],
    requestedAt: '2026-12-01T00:00:00.000Z',
  };
}

describe('tool questions over HTTP', () => {
  it('lists the waiting questions and answers one, one answer list per question', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    const answered = cell.approvals().question(request('t1'), new AbortController().signal);
    expect(await (await app.request('/questions')).json()).toEqual([request('t1')]);
    const response = await app.request('/questions/t1', postJson({ answers: [['blue'], ['S', 'M']] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 't1', answers: [['blue'], ['S', 'M']] });
    expect(await answered).toEqual([
      { question: 'Which colour?', answers: ['blue'] },
      { question: 'Which sizes?', answers: ['S', 'M'] },
    ]);
    expect(await (await app.request('/questions')).json()).toEqual([]);
  });

  it.each([
    [{}, "'answers' must be a list with one list of strings per question"],
    [{ answers: [['blue'], [1]] }, "'answers' must be a list with one list of strings per question"],
    [{ answers: [['blue']], note: 'x' }, "unknown field 'note'; send only answers"],
    [{ answers: [['blue']] }, 'the question has 2 parts; send one answer list for each, not 1'],
    [{ answers: [['red', 'blue'], ['S']] }, 'question 1 takes one answer, not 2'],
    [{ answers: [['red'], []] }, 'answer 2 is empty; choose an option or write an answer'],
  ])('answers %j with 400 and leaves the question waiting', async (body, message) => {
    const { cell } = fixtureCell();
    void cell
      .approvals()
      .question(request('t2'), AbortSignal.timeout(5_000))
      .catch(() => {});
    const response = await createApp(cell, OPEN).request('/questions/t2', postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_body', message } });
    expect(cell.approvals().pendingQuestions()).toHaveLength(1);
  });

  it('answers an unknown id with 404', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/questions/nope', postJson({ answers: [['x']] }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'unknown_question',
        message: 'no question is waiting with id "nope": it was answered, timed out, or never asked',
      },
    });
  });

  it('has no question routes when approvals are off', async () => {
    const { cell } = fixtureCell();
    expect((await createApp(cell, { ...OPEN, approvals: false }).request('/questions')).status).toBe(404);
  });

  it('shows a session’s tool state, and 404 for a session without any', async () => {
    const { cell } = fixtureCell();
    cell.sessionState('chat-7').set('plan', { steps: [{ step: 'ship', status: 'pending' }] });
    const app = createApp(cell, OPEN);
    const shown = await app.request('/sessions/chat-7/state');
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ plan: { steps: [{ step: 'ship', status: 'pending' }] } });
    const none = await app.request('/sessions/chat-8/state');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      error: { code: 'unknown_session', message: 'session "chat-8" has no tool state (no plan, no reads) yet' },
    });
  });
});
