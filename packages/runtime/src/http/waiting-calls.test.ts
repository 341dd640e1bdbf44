import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Path, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../approval/approval-queue.js';
import type { Cell } from '../engine/cell.js';
import { createEngine } from '../engine/create-engine.js';
import { type HttpServer, serve } from './serve.js';
import { WaitingCalls } from './waiting-calls.js';

// A call that needs a person answers 202 at once with where to answer; its result is read at
// GET /calls/:id. A real server on loopback, real fetches.

const OWNER = 'owner-token-calls';
const ANN = 'ann-token-calls';
const BOB = 'bob-token-calls';

const opened: { server: HttpServer; cell: Cell }[] = [];
afterEach(async () => {
  for (const { server, cell } of opened.splice(0)) {
    await server.close();
    await cell.stop();
  }
});

async function world() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-calls-')));
  const cell = createEngine().createCell({
    workDir: work,
    zone: { version: 1, zone: 'test/ask-actions', defaults: { exploration: 'allow', action: 'ask' }, rules: [] },
  });
  cell.tools().register({
    name: 'touch',
    description: 'Creates a file.',
    parameters: Type.Object({ path: Path({ access: 'write' }) }),
    handler: ({ path }, context) => {
      writeFileSync(context.resolvedPaths.get('/path') ?? '', 'x');
      return `created ${path}`;
    },
  });
  cell.tools().register({
    name: 'look',
    description: 'Changes nothing.',
    parameters: Type.Object({}),
    meta: { readOnly: true },
    handler: () => 'looked',
  });
  const server = await serve(cell, {
    token: OWNER,
    actorTokens: [
      { token: ANN, actor: 'ann' },
      { token: BOB, actor: 'bob' },
    ],
  });
  opened.push({ server, cell });
  const send = async (method: string, path: string, body?: unknown, token = OWNER) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, location: response.headers.get('location'), body: await response.json() };
  };
  return { cell, work, send };
}

/** The one approval waiting now (the test's call parked it before answering 202). */
function approvalId(cell: Cell): string {
  const [pending] = cell.approvals().pending();
  if (pending === undefined) throw new Error('no approval is waiting');
  return pending.id;
}

describe('POST /tools/:name/call that needs a person', () => {
  it('answers 202 at once with the approval and where to answer; the result is at GET /calls/:id', async () => {
    const { cell, work, send } = await world();
    const started = Date.now();
    const call = await send('POST', '/tools/touch/call', { args: { path: 'a.txt' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    const id = approvalId(cell);
    const callId = (call.body as { callId: string }).callId;
    expect(callId).toMatch(/^call-[0-9a-f-]{36}$/);
    expect(call).toEqual({
      status: 202,
      location: `/calls/${callId}`,
      body: {
        status: 'waiting',
        callId,
        tool: 'touch',
        approval: {
          id,
          tool: 'touch',
          question: `no rule covers touch of ${work}/a.txt; action calls need approval by default`,
          answer: `POST /approvals/${id}`,
        },
        result: `GET /calls/${callId}`,
      },
    });
    expect(existsSync(join(work, 'a.txt'))).toBe(false);
    // Asked again before anyone answers: still waiting, the same body.
    expect(await send('GET', `/calls/${callId}`)).toEqual({ ...call, location: `/calls/${callId}` });

    expect((await send('POST', `/approvals/${id}`, { decision: 'approve' })).status).toBe(200);
    expect(await send('GET', `/calls/${callId}?wait=10`)).toEqual({
      status: 200,
      location: null,
      body: { isError: false, text: 'created a.txt' },
    });
    expect(existsSync(join(work, 'a.txt'))).toBe(true);
    // The result stays readable.
    expect((await send('GET', `/calls/${callId}`)).body).toEqual({ isError: false, text: 'created a.txt' });
  });

  it('a long poll ends as soon as the call ends, not when its wait runs out', async () => {
    const { cell, send } = await world();
    const call = await send('POST', '/tools/touch/call', { args: { path: 'b.txt' } });
    const { callId } = call.body as { callId: string };
    const polled = send('GET', `/calls/${callId}?wait=60`);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await send('POST', `/approvals/${approvalId(cell)}`, { decision: 'deny', reason: 'not today' });
    const answer = await polled;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isError: true, code: 'denied' });
    expect((answer.body as { text: string }).text).toContain('not today');
  });

  it('a call that needs nobody answers 200 with its result, as before', async () => {
    const { send } = await world();
    expect(await send('POST', '/tools/look/call', {})).toEqual({
      status: 200,
      location: null,
      body: { isError: false, text: 'looked' },
    });
  });

  it('a call cancelled while it waits ends with the cancelled result', async () => {
    const { cell, send } = await world();
    const call = await send('POST', '/tools/touch/call', { args: { path: 'd.txt' } });
    const { callId } = call.body as { callId: string };
    const polled = send('GET', `/calls/${callId}?wait=30`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    void cell.stop();
    const answer = await polled;
    expect(answer.status).toBe(200);
    // What a call cancelled while it waits has always answered.
    expect(answer.body).toEqual({
      isError: true,
      code: 'aborted',
      text: 'touch was cancelled while it waited for approval',
    });
  });

  it('answers 404 for an unknown call id, and 400 for a wait out of range', async () => {
    const { send } = await world();
    expect(await send('GET', '/calls/call-nope')).toEqual({
      status: 404,
      location: null,
      body: {
        error: {
          code: 'unknown_call',
          message:
            'no call is known with id "call-nope": it never waited for a person, or it ended more than 10 minutes ago',
        },
      },
    });
    const call = await send('POST', '/tools/touch/call', { args: { path: 'e.txt' } });
    const { callId } = call.body as { callId: string };
    for (const wait of ['61', '-1', 'soon', '']) {
      expect(await send('GET', `/calls/${callId}?wait=${wait}`)).toEqual({
        status: 400,
        location: null,
        body: {
          error: {
            code: 'bad_request',
            message: `wait must be a number of seconds from 0 to 60, not ${JSON.stringify(wait)}`,
          },
        },
      });
    }
  });

  it("an actor token sees its own calls only: another actor's call id is unknown to it", async () => {
    const { send } = await world();
    const call = await send('POST', '/tools/touch/call', { args: { path: 'f.txt' } }, ANN);
    expect(call.status).toBe(202);
    const { callId } = call.body as { callId: string };
    expect((await send('GET', `/calls/${callId}`, undefined, ANN)).status).toBe(202);
    expect((await send('GET', `/calls/${callId}`, undefined, OWNER)).status).toBe(202);
    expect(await send('GET', `/calls/${callId}`, undefined, BOB)).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_call' } },
    });
  });

  it('an ask_user question answers 202 with the questions and where to answer them', async () => {
    const { cell, send } = await world();
    cell.tools().register({
      name: 'confirm',
      description: 'Asks the user.',
      parameters: Type.Object({}),
      meta: { readOnly: true },
      handler: async (_args, context) => {
        const answers = await context.human?.ask(
          [{ question: 'Ship it?', options: [{ label: 'yes' }, { label: 'no' }] }],
          context.signal,
        );
        return `answered ${answers?.[0]?.answers.join()}`;
      },
    });
    const call = await send('POST', '/tools/confirm/call', {});
    const [pending] = cell.approvals().pendingQuestions();
    const id = pending?.id ?? '';
    const { callId } = call.body as { callId: string };
    expect(call).toEqual({
      status: 202,
      location: `/calls/${callId}`,
      body: {
        status: 'waiting',
        callId,
        tool: 'confirm',
        question: {
          id,
          tool: 'confirm',
          questions: [{ question: 'Ship it?', options: [{ label: 'yes' }, { label: 'no' }] }],
          answer: `POST /questions/${id}`,
        },
        result: `GET /calls/${callId}`,
      },
    });
    expect((await send('POST', `/questions/${id}`, { answers: [['yes']] })).status).toBe(200);
    expect((await send('GET', `/calls/${callId}?wait=10`)).body).toEqual({ isError: false, text: 'answered yes' });
  });

  it('two calls waiting side by side in one session each point at their own approval', async () => {
    const { cell, send } = await world();
    const first = await send('POST', '/tools/touch/call', { args: { path: 'g.txt' }, sessionId: 's' });
    const second = await send('POST', '/tools/touch/call', { args: { path: 'h.txt' }, sessionId: 's' });
    const pending = cell.approvals().pending();
    const byPath = (path: string) => pending.find((request) => (request.args as { path: string }).path === path)?.id;
    expect((first.body as { approval: { id: string } }).approval.id).toBe(byPath('g.txt'));
    expect((second.body as { approval: { id: string } }).approval.id).toBe(byPath('h.txt'));
    expect(byPath('g.txt')).not.toBe(byPath('h.txt'));
  });
});

describe('WaitingCalls', () => {
  it('a call nobody answers in time ends with the same result a run on the queue itself gives', async () => {
    const { cell } = await world();
    const queue = new ApprovalQueue({ timeoutMs: 50 });
    const calls = new WaitingCalls(queue);
    const direct = await cell.run({ human: queue }).call('touch', { path: 'i.txt' });
    expect(direct).toEqual({
      isError: true,
      code: 'denied',
      text: 'The call was not approved: nobody answered within 0 s',
    });
    const run = cell.run({ human: calls.human() });
    const started = await calls.start('touch', undefined, () => run.call('touch', { path: 'i.txt' }));
    if (started.ended) throw new Error('the call should wait for a person');
    expect(started.call.waiting?.kind).toBe('approval');
    await calls.changed(started.call.id, 5_000, new AbortController().signal);
    expect(calls.get(started.call.id)).toMatchObject({ waiting: undefined, result: direct });
  });

  it('tells a call of nothing when the run is used outside an HTTP call', async () => {
    const { cell } = await world();
    const queue = new ApprovalQueue({ timeoutMs: 50 });
    const calls = new WaitingCalls(queue);
    const result = await cell.run({ human: calls.human() }).call('touch', { path: 'j.txt' });
    expect(result).toMatchObject({ code: 'denied' });
    expect(calls.size).toBe(0);
  });
});
