import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.js';
import type { EventListener } from '../../api/events.js';
import type { Playground } from '../../api/playground-context.js';
import { type CallState, CallStore, HISTORY_KEPT } from './call-store.js';

interface Request {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** An API that answers from a script, one answer per request, and the page's event stream. */
function fakePlayground(answers: (() => Promise<{ status: number; body: unknown }>)[]) {
  const requests: Request[] = [];
  const listeners = new Set<EventListener>();
  const next = () => {
    const answer = answers.shift();
    if (answer === undefined) return new Promise<never>(() => {});
    return answer();
  };
  const playground = {
    sessionId: 'page-1',
    api: {
      post: (path: string, body: unknown) => {
        requests.push({ method: 'POST', path, body });
        return next();
      },
      get: (path: string) => {
        requests.push({ method: 'GET', path });
        return next();
      },
    },
    events: {
      listen: (listener: EventListener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } as unknown as Playground;
  const emit = (data: unknown) => {
    for (const listener of [...listeners]) listener('progress', data);
  };
  return { playground, requests, emit, listening: () => listeners.size };
}

const answer = (status: number, body: unknown) => () => Promise.resolve({ status, body });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const waiting = {
  status: 'waiting',
  callId: 'c1',
  tool: 'exec',
  approval: { id: 'a1', tool: 'exec', question: 'May exec run `touch x`?', answer: 'POST /approvals/a1' },
  result: 'GET /calls/c1',
};

describe('CallStore', () => {
  it('calls in the page session with the trace, and keeps the 200 result', async () => {
    const result = { isError: false, text: 'done', trace: [{ step: 'resolve', outcome: 'pass', ms: 0.1 }] };
    const { playground, requests, listening } = fakePlayground([answer(200, result)]);
    const store = new CallStore(playground);
    store.start('read', { path: 'README.md' });
    expect(store.get('read').phase).toBe('running');
    await settle();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/tools/read/call',
        body: { args: { path: 'README.md' }, sessionId: 'page-1', trace: true },
      },
    ]);
    const state = store.get('read') as Extract<CallState, { phase: 'done' }>;
    expect(state.phase).toBe('done');
    expect(state.result).toEqual(result);
    expect(state.waited).toBe(false);
    expect(listening()).toBe(0);
  });

  it('follows a call that waits for a person until it ends', async () => {
    const { playground, requests } = fakePlayground([
      answer(202, waiting),
      answer(202, { status: 'running', callId: 'c1', tool: 'exec', result: 'GET /calls/c1' }),
      answer(200, { isError: false, text: 'ran' }),
    ]);
    const store = new CallStore(playground);
    const phases: string[] = [];
    store.subscribe(() => phases.push(store.get('exec').phase));
    store.start('exec', { command: 'touch x' });
    await settle();
    await settle();
    expect(phases).toEqual(['running', 'waiting', 'running', 'done']);
    expect(requests.slice(1)).toEqual([
      { method: 'GET', path: '/calls/c1?wait=30' },
      { method: 'GET', path: '/calls/c1?wait=30' },
    ]);
    const done = store.get('exec') as Extract<CallState, { phase: 'done' }>;
    expect(done.result.text).toBe('ran');
    expect(done.waited).toBe(true);
  });

  it("shows only its own call's progress: this session, this tool, then this call id", async () => {
    const { playground, emit } = fakePlayground([answer(202, { ...waiting, tool: 'slow_count' })]);
    const store = new CallStore(playground);
    store.start('slow_count', { to: 3 });
    emit({ sessionId: 'other', tool: 'slow_count', callId: 'c9', progress: 9 });
    emit({ sessionId: 'page-1', tool: 'read', callId: 'c9', progress: 8 });
    expect(store.get('slow_count')).not.toHaveProperty('progress');
    emit({ sessionId: 'page-1', tool: 'slow_count', callId: 'c1', progress: 1, total: 3, message: 'counted 1' });
    expect(store.get('slow_count')).toMatchObject({ progress: { progress: 1, total: 3, message: 'counted 1' } });
    await settle();
    // Its id is known now (c1): another call of the same tool and session is not this one.
    emit({ sessionId: 'page-1', tool: 'slow_count', callId: 'c2', progress: 3, total: 3 });
    expect(store.get('slow_count')).toMatchObject({ phase: 'waiting', progress: { progress: 1 } });
  });

  it("keeps the API's error for the person, and stops following when told", async () => {
    const { playground, requests, listening } = fakePlayground([
      () => Promise.reject(new ApiError(404, 'unknown_tool', "there is no tool named 'ghost'")),
      answer(202, waiting),
    ]);
    const store = new CallStore(playground);
    store.start('ghost', {});
    await settle();
    const failed = store.get('ghost') as Extract<CallState, { phase: 'failed' }>;
    expect(failed.phase).toBe('failed');
    expect((failed.error as ApiError).code).toBe('unknown_tool');
    store.start('exec', {});
    await settle();
    expect(store.get('exec').phase).toBe('waiting');
    store.forget('exec');
    expect(store.get('exec').phase).toBe('idle');
    expect(listening()).toBe(0);
    expect(requests.map((request) => request.path)).toEqual([
      '/tools/ghost/call',
      '/tools/exec/call',
      '/calls/c1?wait=30',
    ]);
  });

  it('keeps the ended calls, newest first, up to its limit', async () => {
    const answers = Array.from({ length: HISTORY_KEPT + 2 }, (_, index) =>
      answer(200, { isError: false, text: `call ${index}` }),
    );
    const { playground } = fakePlayground(answers);
    const store = new CallStore(playground);
    for (let index = 0; index < HISTORY_KEPT + 2; index++) {
      store.start('read', { path: `f${index}` });
      await settle();
    }
    const history = store.history('read');
    expect(history).toHaveLength(HISTORY_KEPT);
    expect(history[0]?.result.text).toBe(`call ${HISTORY_KEPT + 1}`);
    expect(history[0]?.args).toEqual({ path: `f${HISTORY_KEPT + 1}` });
    expect(history.at(-1)?.result.text).toBe('call 2');
    expect(store.history('exec')).toEqual([]);
  });
});
