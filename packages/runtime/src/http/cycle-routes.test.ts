import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Path, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelReply, ModelToolCall } from '../agent/model-client.js';
import { scriptedClient } from '../agent/scripted-client.js';
import { DEFAULT_CYCLE_CONFIG } from '../cycle/cycle-config.js';
import type { Cell } from '../engine/cell.js';
import { createEngine } from '../engine/create-engine.js';
import { type HttpServer, serve } from './serve.js';

// GET /runs/:id/cycle and GET /sessions/:id/cycle: a run's CycleDetector as a person watching sees it.
// A real server on loopback, real fetches, the actor tokens' scoping.

const OWNER = 'owner-token-cycle';
const ANN = 'ann-token-cycle';
const BOB = 'bob-token-cycle';

const opened: { server: HttpServer; cell: Cell }[] = [];
afterEach(async () => {
  for (const { server, cell } of opened.splice(0)) {
    await server.close();
    await cell.stop();
  }
});

const call = (id: string, name: string, args: unknown): ModelToolCall => ({ id, name, args });
const reply = (text: string, ...toolCalls: ModelToolCall[]): ModelReply => ({ text, toolCalls });

async function world(script: Parameters<typeof scriptedClient>[0] = []) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-cycle-')));
  writeFileSync(join(work, 'todo.md'), 'write the tests');
  const cell = createEngine().createCell({ workDir: work });
  cell.tools().register({
    name: 'read',
    description: 'Reads a file.',
    parameters: Type.Object({ path: Path({ access: 'read' }) }),
    meta: { readOnly: true },
    handler: ({ path }) => `read ${path}`,
  });
  cell.agents().asTool({ name: 'looper', description: 'Reads in circles.', client: scriptedClient(script) });
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
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { cell, send };
}

const NOTE =
  'Note: read was called with the same arguments 3 times in a row. If the result did not help, change the arguments or the approach.';
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('GET /sessions/:id/cycle', () => {
  it("answers the session run's CycleDetector: the repeat, the streaks, the calls and the warning", async () => {
    const { cell, send } = await world();
    for (let time = 0; time < 3; time++) {
      expect((await send('POST', '/tools/read/call', { args: { path: 'todo.md' }, sessionId: 's1' })).status).toBe(200);
    }
    const runId = cell.auditLog()[0]?.runId;
    const expected = {
      config: DEFAULT_CYCLE_CONFIG,
      repeat: { tool: 'read', count: 3 },
      explorationStreak: 3,
      actionStreak: 0,
      recent: Array(3).fill({ tool: 'read', category: 'exploration' }),
      verdicts: [{ at: ISO, tool: 'read', action: 'warn', rule: 'repeat', message: NOTE }],
      runId,
      sessionId: 's1',
    };
    expect(await send('GET', '/sessions/s1/cycle')).toEqual({ status: 200, body: expected });
    expect(await send('GET', `/runs/${runId}/cycle`)).toEqual({ status: 200, body: expected });
  });

  it('is 404 unknown_session for a session that made no call, and asking opens no run', async () => {
    const { send } = await world();
    const unknown = {
      status: 404,
      body: {
        error: {
          code: 'unknown_session',
          message: 'session "s9" has made no call through this API, so it has no CycleDetector yet',
        },
      },
    };
    expect(await send('GET', '/sessions/s9/cycle')).toEqual(unknown);
    expect(await send('GET', '/sessions/s9/cycle')).toEqual(unknown);
    expect(await send('GET', '/sessions/s9/cycle?actor=zed')).toEqual({
      status: 404,
      body: {
        error: {
          code: 'unknown_session',
          message: 'session "s9" has made no call as "zed" through this API, so it has no CycleDetector yet',
        },
      },
    });
  });

  it('shows an actor token its own sessions only; the owner names the actor with ?actor=', async () => {
    const { cell, send } = await world();
    await send('POST', '/tools/read/call', { args: { path: 'todo.md' }, sessionId: 's1' }, ANN);
    const annRun = cell.auditLog()[0]?.runId;
    const own = await send('GET', '/sessions/s1/cycle', undefined, ANN);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ runId: annRun, sessionId: 'ann/s1', repeat: { tool: 'read', count: 1 } });
    expect(await send('GET', '/sessions/s1/cycle?actor=ann', undefined, ANN)).toEqual(own);

    // Bob's s1 is another session: he has none, and Ann's run is unknown to him.
    expect((await send('GET', '/sessions/s1/cycle', undefined, BOB)).body).toEqual({
      error: {
        code: 'unknown_session',
        message: 'session "s1" has made no call through this API, so it has no CycleDetector yet',
      },
    });
    expect(await send('GET', `/runs/${annRun}/cycle`, undefined, BOB)).toEqual({
      status: 404,
      body: {
        error: {
          code: 'unknown_run',
          message: `no run is known with id "${annRun}": it never existed here, or it ended and made no call lately`,
        },
      },
    });
    expect(await send('GET', '/sessions/s1/cycle?actor=ann', undefined, BOB)).toEqual({
      status: 403,
      body: {
        error: { code: 'forbidden', message: 'this token acts as "bob" only; it cannot read the runs of "ann"' },
      },
    });

    // The owner sees Ann's session under its cell id with her actor, and her run by its id.
    expect(await send('GET', '/sessions/ann%2Fs1/cycle?actor=ann')).toEqual(own);
    expect((await send('GET', `/runs/${annRun}/cycle`)).body).toEqual(own.body);
    expect((await send('GET', '/sessions/s1/cycle')).status).toBe(404);
    expect((await send('GET', '/sessions/s1/cycle?actor=')).body).toEqual({
      error: { code: 'bad_request', message: 'actor must be a non-empty string when it is given' },
    });
  });
});

describe('GET /runs/:id/cycle', () => {
  it("answers a sub-agent's child run while it runs, with its agent id", async () => {
    let seen: { status: number; body: Record<string, unknown> } | undefined;
    let send: Awaited<ReturnType<typeof world>>['send'] | undefined;
    let cell: Cell | undefined;
    const read = (id: string) => reply('', call(id, 'read', { path: 'todo.md' }));
    const built = await world([
      read('r1'),
      read('r2'),
      read('r3'),
      async () => {
        const child = cell?.auditLog().at(-1)?.runId;
        seen = await send?.('GET', `/runs/${child}/cycle`);
        return reply('Read it three times.');
      },
    ]);
    ({ send, cell } = built);
    const answer = await send('POST', '/tools/looper/call', { args: { task: 'read the todo' }, sessionId: 's2' });
    expect(answer.body).toMatchObject({ isError: false, text: 'Read it three times.' });
    const child = built.cell.auditLog().find((event) => event.agentId === 'looper')?.runId;
    expect(seen).toEqual({
      status: 200,
      body: {
        config: DEFAULT_CYCLE_CONFIG,
        repeat: { tool: 'read', count: 3 },
        explorationStreak: 3,
        actionStreak: 0,
        recent: Array(3).fill({ tool: 'read', category: 'exploration' }),
        verdicts: [{ at: ISO, tool: 'read', action: 'warn', rule: 'repeat', message: NOTE }],
        runId: child,
        sessionId: 's2',
        agentId: 'looper',
      },
    });
    // Once the task ended, the child run is still readable: it made one of the latest calls.
    expect(await send('GET', `/runs/${child}/cycle`)).toEqual(seen);
    // The session's own run called the sub-agent once, and saw none of its reads.
    expect((await send('GET', '/sessions/s2/cycle')).body).toMatchObject({
      repeat: { tool: 'looper', count: 1 },
      verdicts: [],
    });
  });

  it("shows a sub-agent's child run to its caller's actor only, and to the owner", async () => {
    const { cell, send } = await world([reply('', call('r1', 'read', { path: 'todo.md' })), reply('Read it.')]);
    const answer = await send('POST', '/tools/looper/call', { args: { task: 'read' }, sessionId: 's3' }, ANN);
    expect(answer.body).toMatchObject({ isError: false, text: 'Read it.' });
    const child = cell.auditLog().find((event) => event.agentId === 'looper');
    expect(child).toMatchObject({ actor: 'ann', sessionId: 'ann/s3' });
    const own = await send('GET', `/runs/${child?.runId}/cycle`, undefined, ANN);
    expect(own).toMatchObject({ status: 200, body: { runId: child?.runId, agentId: 'looper', sessionId: 'ann/s3' } });
    expect((await send('GET', `/runs/${child?.runId}/cycle`)).body).toEqual(own.body);
    expect(await send('GET', `/runs/${child?.runId}/cycle`, undefined, BOB)).toEqual({
      status: 404,
      body: {
        error: {
          code: 'unknown_run',
          message: `no run is known with id "${child?.runId}": it never existed here, or it ended and made no call lately`,
        },
      },
    });
  });

  it('is 404 unknown_run for an id no live run has', async () => {
    const { send } = await world();
    expect(await send('GET', '/runs/not-a-run/cycle')).toEqual({
      status: 404,
      body: {
        error: {
          code: 'unknown_run',
          message: 'no run is known with id "not-a-run": it never existed here, or it ended and made no call lately',
        },
      },
    });
  });
});
