import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolContext, type ToolProgress, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../engine/cell.js';
import type { CellEvent } from '../engine/cell-events.js';
import { createEngine } from '../engine/create-engine.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cell(): Cell {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-call-events-')));
  folders.push(workDir);
  return createEngine().createCell({ workDir });
}

function listen(target: Cell): CellEvent[] {
  const events: CellEvent[] = [];
  target.onEvent((event) => events.push(event));
  return events;
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

describe("a call's progress and log lines", () => {
  it('reach the cell and the call with the origin of the call, bad progress values dropped', async () => {
    const target = cell();
    const events = listen(target);
    target.tools().register({
      name: 'work',
      description: 'Work.',
      parameters: Type.Object({}),
      handler: async (_args, context) => {
        context.progress({ progress: 1, total: 4, message: 'one of four' });
        for (const bad of [
          Number.NaN,
          -1,
          Number.POSITIVE_INFINITY,
          '3',
          null,
          undefined,
          {
            get progress(): number {
              throw new Error('no');
            },
          },
        ]) {
          context.progress((typeof bad === 'object' && bad !== null ? bad : { progress: bad }) as ToolProgress);
        }
        context.progress(null as never);
        context.progress({ progress: 2, total: Number.NaN, message: 7 } as never);
        const { info } = context.log;
        info('detached works');
        context.log.warn('careful', { at: 2 });
        context.log.error(42 as never);
        await Promise.resolve();
        return 'done';
      },
    });
    const progress: ToolProgress[] = [];
    const lines: unknown[][] = [];
    const run = target.run({ actor: 'ada', sessionId: 's1' });
    const result = await run.call(
      'work',
      {},
      { onProgress: (update) => progress.push(update), onLog: (...line) => lines.push(line) },
    );
    expect(result).toEqual({ isError: false, text: 'done' });
    expect(progress).toEqual([{ progress: 1, total: 4, message: 'one of four' }, { progress: 2 }]);
    expect(lines).toEqual([
      ['info', 'detached works'],
      ['warn', 'careful', { at: 2 }],
      ['error', '42'],
    ]);
    const callId = target.auditLog()[0]?.callId;
    expect(callId).toMatch(/^[0-9a-f]{8}-\d+$/);
    const origin = { cellId: target.id, runId: run.id, sessionId: 's1', actor: 'ada', tool: 'work', callId };
    expect(events).toEqual([
      { kind: 'progress', ...origin, progress: 1, total: 4, message: 'one of four' },
      { kind: 'progress', ...origin, progress: 2 },
      { kind: 'log', level: 'info', message: 'detached works', ...origin },
      { kind: 'log', level: 'warn', message: 'careful', data: { at: 2 }, ...origin },
      { kind: 'log', level: 'error', message: '42', ...origin },
    ]);
  });

  it('stop when the call ends, give each call its own id, and survive listeners that throw', async () => {
    const target = cell();
    const events = listen(target);
    target.onEvent(() => {
      throw new Error('a broken listener');
    });
    const kept: ToolContext[] = [];
    target.tools().register({
      name: 'quick',
      description: 'Quick.',
      parameters: Type.Object({ n: Type.Number() }),
      handler: (_args, context) => {
        kept.push(context);
        context.progress({ progress: 1 });
        return 'ok';
      },
    });
    const run = target.run();
    const throwing = {
      onProgress: () => {
        throw new Error('no');
      },
      onLog: () => {
        throw new Error('no');
      },
    };
    expect(await run.call('quick', { n: 1 }, throwing)).toEqual({ isError: false, text: 'ok' });
    expect(await run.call('quick', { n: 2 })).toEqual({ isError: false, text: 'ok' });
    for (const context of kept) {
      context.progress({ progress: 2 });
      context.log.info('too late');
    }
    expect(events.map((event) => event.kind)).toEqual(['progress', 'progress']);
    const ids = events.map((event) => (event.kind === 'progress' ? event.callId : ''));
    expect(ids[0]).not.toBe(ids[1]);
    expect(target.auditLog().map((event) => event.callId)).toEqual(ids);
  });

  it('cost nothing and throw nothing when no one listens', async () => {
    const target = cell();
    target.tools().register({
      name: 'talk',
      description: 'Talk.',
      parameters: Type.Object({}),
      handler: (_args, context) => {
        context.progress({ progress: Number.NaN });
        context.progress({ progress: 3 });
        context.log.debug('nobody hears this');
        return 'said';
      },
    });
    expect(await target.run().call('talk', {})).toEqual({ isError: false, text: 'said' });
  });
});

describe("a call's own signal", () => {
  function slowCell() {
    const target = cell();
    const started: AbortSignal[] = [];
    target.tools().register({
      name: 'slow',
      description: 'Slow.',
      parameters: Type.Object({ n: Type.Number() }),
      meta: { readOnly: true },
      handler: async ({ n }, context) => {
        started.push(context.signal);
        await aborted(context.signal);
        return `stopped ${n}`;
      },
    });
    return { target, started };
  }

  it('cancels that call alone, as cancelling the run would', async () => {
    const { target, started } = slowCell();
    const run = target.run();
    const mine = new AbortController();
    const other = new AbortController();
    const first = run.call('slow', { n: 1 }, { signal: mine.signal });
    const second = run.call('slow', { n: 2 }, { signal: other.signal });
    await new Promise((resolve) => setImmediate(resolve));
    mine.abort();
    expect(await first).toEqual({ isError: true, code: 'aborted', text: 'slow was cancelled' });
    expect(started[0]?.aborted).toBe(true);
    expect(started[1]?.aborted).toBe(false);
    other.abort();
    expect(await second).toMatchObject({ code: 'aborted' });
    expect(target.auditLog().map((event) => [event.outcome, event.stage])).toEqual([
      ['aborted', 'handle'],
      ['aborted', 'handle'],
    ]);
  });

  it('refuses to start a call whose signal is aborted already, and follows the run when the run is cancelled', async () => {
    const { target, started } = slowCell();
    const run = target.run();
    expect(await run.call('slow', { n: 1 }, { signal: AbortSignal.abort() })).toEqual({
      isError: true,
      code: 'aborted',
      text: 'slow was cancelled',
    });
    expect(started).toHaveLength(0);
    const stopping = target.run();
    const pending = stopping.call('slow', { n: 2 }, { signal: new AbortController().signal });
    await new Promise((resolve) => setImmediate(resolve));
    await target.stop();
    expect(await pending).toEqual({ isError: true, code: 'aborted', text: 'slow was cancelled' });
  });

  it('stops a call that waits for approval', async () => {
    const target = cell();
    target.tools().register({ name: 'ship', description: 'Ship.', parameters: Type.Object({}), handler: () => 'x' });
    let asked: AbortSignal | undefined;
    const run = target.run({
      zone: {
        version: 1,
        zone: 'careful',
        rules: [{ id: 'ship-asks', effect: 'ask', tools: ['ship'], reason: 'Shipping needs a person.' }],
      },
      human: {
        ask: (_request, signal) => {
          asked = signal;
          return aborted(signal).then(() => ({ decision: 'deny' as const }));
        },
      },
    });
    const controller = new AbortController();
    const pending = run.call('ship', {}, { signal: controller.signal });
    while (asked === undefined) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await pending).toEqual({
      isError: true,
      code: 'aborted',
      text: 'ship was cancelled while it waited for approval',
    });
    expect(asked.aborted).toBe(true);
  });

  it('refuses options of the wrong kind with a sentence, running nothing', async () => {
    const { target, started } = slowCell();
    const run = target.run();
    expect(await run.call('slow', { n: 1 }, { signal: 'stop' as never })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'the call option signal must be an AbortSignal',
    });
    expect(await run.call('slow', { n: 1 }, { onProgress: 3 as never })).toMatchObject({
      text: 'the call option onProgress must be a function',
    });
    expect(await run.call('slow', { n: 1 }, { onLog: {} as never })).toMatchObject({
      text: 'the call option onLog must be a function',
    });
    expect(await run.call('slow', { n: 1 }, null as never)).toMatchObject({
      text: 'the call options must be an object, not null',
    });
    expect(started).toHaveLength(0);
  });
});
