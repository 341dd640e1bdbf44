import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import type { QuestionRequest } from '../approval/approval-request.js';
import { assembleApp } from './create-app.js';
import { fixtureCell, postJson, question, sseFrames } from './http.test.fixture.js';

// Actor tokens: a client that holds one acts as its actor and sees that actor's runs only.

const OWNER = 'owner-token-1';
const ANN = 'ann-token-1';
const BOB = 'bob-token-1';

function world() {
  const { cell } = fixtureCell();
  cell.tools().register({
    name: 'remember',
    description: 'Keeps a note in the session state.',
    parameters: Type.Object({}),
    handler: (_args, context) => {
      context.session.set('note', `kept for ${context.sessionId}`);
      return 'kept';
    },
  });
  const { app } = assembleApp(cell, {
    token: OWNER,
    actorTokens: [
      { token: ANN, actor: 'ann' },
      { token: BOB, actor: 'bob' },
    ],
  });
  const as = (token: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  return { cell, app, as };
}

const askAs = (id: string, actor: string) => ({ ...question(id), actor });
const questionAs = (id: string, actor: string): QuestionRequest => ({
  id,
  cellId: 'c',
  runId: 'r',
  sessionId: 's',
  actor,
  agentId: undefined,
  tool: 'ask_user',
  questions: [{ question: 'Ship it?', options: [{ label: 'yes' }, { label: 'no' }] }],
  requestedAt: '2026-12-01T00:00:00.000Z',
});

describe('a call with an actor token', () => {
  it('runs as the token actor, under a session of that actor', async () => {
    const { cell, app, as } = world();
    const response = await app.request('/tools/add/call', as(ANN, postJson({ args: { a: 1, b: 2 }, sessionId: 's1' })));
    expect(await response.json()).toMatchObject({ text: '3' });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'add', actor: 'ann', sessionId: 'ann/s1' });
    const headerActor = await app.request(
      '/tools/add/call',
      as(ANN, postJson({ args: { a: 1, b: 2 } }, { 'x-wesgine-actor': 'ann' })),
    );
    expect(headerActor.status).toBe(200);
  });

  it('is refused with 403 when it names another actor, in the body or the header, and runs nothing', async () => {
    const { cell, app, as } = world();
    for (const init of [
      postJson({ args: { a: 1, b: 2 }, actor: 'bob' }),
      postJson({ args: { a: 1, b: 2 } }, { 'x-wesgine-actor': 'bob' }),
    ]) {
      const response = await app.request('/tools/add/call', as(ANN, init));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'forbidden', message: 'this token acts as "ann" only; it cannot call as "bob"' },
      });
    }
    expect(cell.auditLog()).toEqual([]);
  });

  it('reads only its own sessions; the owner reads every one by its cell name', async () => {
    const { app, as } = world();
    await app.request('/tools/remember/call', as(ANN, postJson({ sessionId: 's1' })));
    expect(await (await app.request('/sessions/s1/state', as(ANN))).json()).toEqual({ note: 'kept for ann/s1' });
    const bob = await app.request('/sessions/s1/state', as(BOB));
    expect(bob.status).toBe(404);
    expect(await bob.json()).toEqual({
      error: { code: 'unknown_session', message: 'session "s1" has no tool state (no plan, no reads) yet' },
    });
    expect((await app.request('/sessions/ann%2Fs1/state', as(OWNER))).status).toBe(200);
    expect((await app.request('/sessions/s1/state', as(OWNER))).status).toBe(404);
  });
});

describe('what an actor token sees', () => {
  it('gets only its actor audit events on /events; the owner gets all', async () => {
    const { app, as } = world();
    const ann = sseFrames(await app.request('/events', as(ANN)));
    const owner = sseFrames(await app.request('/events', as(OWNER)));
    expect(await ann.next()).toBe(': connected');
    expect(await owner.next()).toBe(': connected');
    await app.request('/tools/add/call', as(BOB, postJson({ args: { a: 1, b: 1 }, sessionId: 'b' })));
    await app.request('/tools/add/call', as(ANN, postJson({ args: { a: 2, b: 2 }, sessionId: 'a' })));
    await app.request('/tools/add/call', as(OWNER, postJson({ args: { a: 3, b: 3 }, sessionId: 'o' })));
    const ownerEvents = [await owner.next(), await owner.next(), await owner.next()];
    expect(ownerEvents.map((frame) => JSON.parse(frame?.split('\ndata: ')[1] ?? '').actor)).toEqual([
      'bob',
      'ann',
      undefined,
    ]);
    const annFrame = await ann.next();
    expect(JSON.parse(annFrame?.split('\ndata: ')[1] ?? '')).toMatchObject({ actor: 'ann', sessionId: 'ann/a' });
    // The owner's call came between: ann's next frame is her next call.
    await app.request('/tools/add/call', as(ANN, postJson({ args: { a: 4, b: 4 }, sessionId: 'a2' })));
    expect(JSON.parse((await ann.next())?.split('\ndata: ')[1] ?? '')).toMatchObject({ sessionId: 'ann/a2' });
    await ann.cancel();
    await owner.cancel();
  });

  it('gets only its actor approvals and questions, on /events and in the lists', async () => {
    const { cell, app, as } = world();
    const ann = sseFrames(await app.request('/events', as(ANN)));
    await ann.next();
    void cell.approvals().ask(askAs('b1', 'bob'), AbortSignal.timeout(5_000));
    void cell.approvals().ask(askAs('a1', 'ann'), AbortSignal.timeout(5_000));
    void cell.approvals().question(questionAs('bq', 'bob'), AbortSignal.timeout(5_000));
    void cell.approvals().question(questionAs('aq', 'ann'), AbortSignal.timeout(5_000));
    expect(await ann.next()).toBe(`event: approval\ndata: ${JSON.stringify(askAs('a1', 'ann'))}`);
    expect(await ann.next()).toBe(`event: question\ndata: ${JSON.stringify(questionAs('aq', 'ann'))}`);
    const ids = async (path: string, token: string) =>
      ((await (await app.request(path, as(token))).json()) as { id: string }[]).map((item) => item.id);
    expect(await ids('/approvals', ANN)).toEqual(['a1']);
    expect(await ids('/approvals', OWNER)).toEqual(['b1', 'a1']);
    expect(await ids('/questions', ANN)).toEqual(['aq']);
    expect(await ids('/questions', OWNER)).toEqual(['bq', 'aq']);
    await ann.cancel();
    for (const id of ['a1', 'b1']) cell.approvals().decide(id, { decision: 'deny' });
    for (const id of ['aq', 'bq']) cell.approvals().answer(id, [['no']]);
  });

  it('cannot answer another actor approval or question: its id is unknown to it', async () => {
    const { cell, app, as } = world();
    const approval = cell.approvals().ask(askAs('b1', 'bob'), AbortSignal.timeout(5_000));
    const decided = await app.request('/approvals/b1', as(ANN, postJson({ decision: 'approve' })));
    expect(decided.status).toBe(404);
    expect(await decided.json()).toEqual({
      error: {
        code: 'unknown_approval',
        message: 'no question is waiting with id "b1": it was answered, timed out, or never asked',
      },
    });
    const answered = cell.approvals().question(questionAs('bq', 'bob'), AbortSignal.timeout(5_000));
    const reply = await app.request('/questions/bq', as(ANN, postJson({ answers: [['yes']] })));
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({
      error: {
        code: 'unknown_question',
        message: 'no question is waiting with id "bq": it was answered, timed out, or never asked',
      },
    });
    expect(
      cell
        .approvals()
        .pending()
        .map((request) => request.id),
    ).toEqual(['b1']);
    expect((await app.request('/approvals/b1', as(BOB, postJson({ decision: 'deny' })))).status).toBe(200);
    expect(await approval).toEqual({ decision: 'deny' });
    expect((await app.request('/questions/bq', as(BOB, postJson({ answers: [['no']] })))).status).toBe(200);
    expect(await answered).toEqual([{ question: 'Ship it?', answers: ['no'] }]);
  });
});

describe('auth options', () => {
  const { cell } = fixtureCell();

  it.each([
    [{}, "the API needs a token (or actorTokens); set auth: 'none' to let any local program in, on purpose"],
    [
      { auth: 'token' },
      "the API needs a token (or actorTokens); set auth: 'none' to let any local program in, on purpose",
    ],
    [
      { auth: 'none', token: 'x' },
      "auth: 'none' takes no tokens; leave token and actorTokens unset, or leave auth out",
    ],
    [{ auth: 'off' }, `auth must be 'token' or 'none', got "off"`],
    [{ token: '' }, 'the token must not be empty'],
    [{ token: 'two words' }, 'the token must be visible ASCII without spaces: it travels in an Authorization header'],
    [{ token: 'tök' }, 'the token must be visible ASCII without spaces: it travels in an Authorization header'],
    [{ actorTokens: [{ token: 'x', actor: '' }] }, 'every actor token needs an actor: a non-empty string'],
    [
      { token: 'same', actorTokens: [{ token: 'same', actor: 'ann' }] },
      'the token of actor "ann" is the same as another token; give every client its own',
    ],
  ])('refuses %j when the app is made', (options, message) => {
    expect(() => assembleApp(cell, options as never)).toThrow(message);
  });

  it('lets an app with actor tokens only refuse a request without one', async () => {
    const { app } = assembleApp(cell, { actorTokens: [{ token: ANN, actor: 'ann' }] });
    expect((await app.request('/tools')).status).toBe(401);
    expect((await app.request('/tools', { headers: { authorization: `Bearer ${ANN}` } })).status).toBe(200);
  });
});
