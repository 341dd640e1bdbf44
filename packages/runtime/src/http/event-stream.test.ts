import { defineTool, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assembleApp } from './create-app.js';
import { fixtureCell, OPEN, postJson, question, sseFrames } from './http.test.fixture.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /events', () => {
  it('sends each audit event of the cell as event: audit, one line of JSON', async () => {
    const { cell } = fixtureCell();
    const { app } = assembleApp(cell, OPEN);
    const response = await app.request('/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const frames = sseFrames(response);
    expect(await frames.next()).toBe(': connected');
    await app.request('/tools/add/call', postJson({ args: { a: 1, b: 2 }, actor: 'ann' }));
    const event = cell.auditLog().at(-1);
    expect(event).toMatchObject({ tool: 'add', actor: 'ann', outcome: 'ok' });
    expect(await frames.next()).toBe(`event: audit\ndata: ${JSON.stringify(event)}`);
    await frames.cancel();
  });

  it('sends each question put to the approval queue as event: approval', async () => {
    const { cell } = fixtureCell();
    const frames = sseFrames(await assembleApp(cell, OPEN).app.request('/events'));
    await frames.next();
    void cell.approvals().ask(question('q1'), AbortSignal.timeout(5_000));
    expect(await frames.next()).toBe(`event: approval\ndata: ${JSON.stringify(question('q1'))}`);
    cell.approvals().decide('q1', { decision: 'deny' });
    await frames.cancel();
  });

  it('sends no approval events when approvals are off', async () => {
    const { cell } = fixtureCell();
    const frames = sseFrames(await assembleApp(cell, { ...OPEN, approvals: false }).app.request('/events'));
    await frames.next();
    void cell.approvals().ask(question('q1'), AbortSignal.timeout(5_000));
    await cell.run().call('look', {});
    expect(await frames.next()).toMatch(/^event: audit\n/);
    cell.approvals().decide('q1', { decision: 'deny' });
    await frames.cancel();
  });

  it('sends a comment every 15 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { cell } = fixtureCell();
    const frames = sseFrames(await assembleApp(cell, OPEN).app.request('/events'));
    await frames.next();
    vi.advanceTimersByTime(15_000);
    expect(await frames.next()).toBe(': heartbeat');
    await frames.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removes its listeners when the client goes, and calls go on', async () => {
    const { cell } = fixtureCell();
    const stopped: string[] = [];
    const onAudit = cell.onAudit.bind(cell);
    vi.spyOn(cell, 'onAudit').mockImplementation((listener) => {
      const stop = onAudit(listener);
      return () => {
        stopped.push('audit');
        stop();
      };
    });
    const queue = cell.approvals();
    const onRequest = queue.onRequest.bind(queue);
    vi.spyOn(queue, 'onRequest').mockImplementation((listener) => {
      const stop = onRequest(listener);
      return () => {
        stopped.push('approval');
        stop();
      };
    });
    const { app, streams } = assembleApp(cell, OPEN);
    const frames = sseFrames(await app.request('/events'));
    await frames.next();
    expect(streams.size).toBe(1);
    await frames.cancel();
    expect(streams.size).toBe(0);
    expect(stopped).toEqual(['audit', 'approval']);
    expect(cell.events.listened).toBe(false);
    const response = await app.request('/tools/add/call', postJson({ args: { a: 1, b: 1 } }));
    expect(await response.json()).toEqual({ isError: false, text: '2', data: { sum: 2 } });
  });

  it('ends every open stream on endAll', async () => {
    const { cell } = fixtureCell();
    const { app, streams } = assembleApp(cell, OPEN);
    const first = sseFrames(await app.request('/events'));
    const second = sseFrames(await app.request('/events'));
    await first.next();
    await second.next();
    streams.endAll();
    expect(await first.next()).toBeUndefined();
    expect(await second.next()).toBeUndefined();
    expect(streams.size).toBe(0);
  });

  it('drops a client that stops reading once 1,000 events wait for it; it still gets those', async () => {
    const { cell } = fixtureCell();
    const { app, streams } = assembleApp(cell, OPEN);
    const frames = sseFrames(await app.request('/events'));
    const run = cell.run();
    for (let n = 0; n < 1005; n++) expect(await run.call('add', { a: n, b: 0 })).toMatchObject({ isError: false });
    expect(streams.size).toBe(0);
    let audits = 0;
    for (let frame = await frames.next(); frame !== undefined; frame = await frames.next()) {
      if (frame.startsWith('event: audit\n')) audits++;
    }
    expect(audits).toBe(1000);
  });

  it('leaves out an event its JSON cannot hold, without a throw into the code that emitted it', async () => {
    const { cell } = fixtureCell();
    const frames = sseFrames(await assembleApp(cell, OPEN).app.request('/events'));
    await frames.next();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    for (const [id, args] of [
      ['cyclic', cyclic],
      ['deep', deep],
    ] as const) {
      const asked = cell.approvals().ask({ ...question(id), args }, AbortSignal.timeout(5_000));
      expect(await frames.next()).toBe(': one approval event was left out: it cannot be written as JSON');
      cell.approvals().decide(id, { decision: 'deny' });
      expect(await asked).toEqual({ decision: 'deny' });
    }
    await frames.cancel();
  });

  it("sends progress and log frames to the call's actor and the owner, and source frames to the owner only", async () => {
    const { cell } = fixtureCell();
    cell.tools().register({
      name: 'chatty',
      description: 'Says how it goes.',
      parameters: Type.Object({}),
      handler: (_args, context) => {
        context.progress({ progress: 1, total: 2, message: 'half way' });
        context.log.info('nearly there', { step: 2 });
        return 'done';
      },
    });
    const { app } = assembleApp(cell, {
      token: 'owner-token-1',
      actorTokens: [
        { token: 'ann-token-1', actor: 'ann' },
        { token: 'bob-token-1', actor: 'bob' },
      ],
    });
    const as = (token: string, init: RequestInit = {}) => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
    });
    const owner = sseFrames(await app.request('/events', as('owner-token-1')));
    const ann = sseFrames(await app.request('/events', as('ann-token-1')));
    await owner.next();
    await ann.next();
    await app.request('/tools/chatty/call', as('bob-token-1', postJson({ args: {} })));
    cell.sources().add({
      kind: 'mcp',
      id: 'mcp:x',
      provenance: 'x@1.0.0',
      tools: () => [
        { definition: defineTool({ name: 'add', description: 'A.', parameters: Type.Object({}) }), handler: () => '' },
      ],
    });
    await app.request('/tools/chatty/call', as('ann-token-1', postJson({ args: {} })));
    const kinds = (frames: (string | undefined)[]) => frames.map((frame) => frame?.split('\n')[0]);
    const ownerFrames = [];
    for (let n = 0; n < 7; n++) ownerFrames.push(await owner.next());
    expect(kinds(ownerFrames)).toEqual([
      'event: progress',
      'event: log',
      'event: audit',
      'event: source',
      'event: progress',
      'event: log',
      'event: audit',
    ]);
    const annFrames = [await ann.next(), await ann.next(), await ann.next()];
    expect(kinds(annFrames)).toEqual(['event: progress', 'event: log', 'event: audit']);
    const data = (frame: string | undefined) => JSON.parse(frame?.split('\ndata: ')[1] ?? '');
    const audit = cell.auditLog().at(-1);
    const origin = {
      cellId: cell.id,
      runId: audit?.runId,
      sessionId: audit?.sessionId,
      actor: 'ann',
      tool: 'chatty',
      callId: audit?.callId,
    };
    expect(data(annFrames[0])).toEqual({ kind: 'progress', ...origin, progress: 1, total: 2, message: 'half way' });
    expect(data(annFrames[1])).toEqual({
      kind: 'log',
      level: 'info',
      message: 'nearly there',
      data: { step: 2 },
      ...origin,
    });
    expect(data(ownerFrames[3])).toMatchObject({
      kind: 'source',
      sourceId: 'mcp:x',
      state: 'warning',
      message: "the tool 'add' of mcp:x was left out: its name is taken by an SDK tool of the cell",
    });
    await owner.cancel();
    await ann.cancel();
  });
});
