import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Path, Type } from '@wesgine/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { onAbort } from './abort-listeners.js';

const CALLS = 50;

function capturedWarnings() {
  const warnings: Error[] = [];
  const listener = (warning: Error) => warnings.push(warning);
  return { warnings, listener };
}

describe('calls waiting on the run signal', () => {
  const captured = capturedWarnings();
  beforeEach(() => {
    captured.warnings.length = 0;
    process.on('warning', captured.listener);
  });
  afterEach(() => {
    process.off('warning', captured.listener);
  });

  it(`${CALLS} concurrent calls of one run print no MaxListenersExceededWarning, and a cancel still reaches each`, async () => {
    const controller = new AbortController();
    const cell = createEngine().createCell({ workDir: mkdtempSync(join(tmpdir(), 'wesgine-listeners-')) });
    let started = 0;
    let heard = 0;
    cell.tools().register({
      name: 'wait',
      description: 'Waits until cancelled.',
      parameters: Type.Object({ n: Type.Number() }),
      handler: (_args, context) =>
        new Promise(() => {
          started++;
          context.signal.addEventListener('abort', () => heard++, { once: true });
        }),
    });
    const run = cell.run({ signal: controller.signal });
    // Each call differs, so the CycleDetector lets every one through.
    const calls = Array.from({ length: CALLS }, (_, n) => run.call('wait', { n }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(CALLS);
    controller.abort();
    const results = await Promise.all(calls);
    expect(results.every((result) => result.code === 'aborted')).toBe(true);
    expect(results[0]?.text).toBe('wait was cancelled');
    expect(heard).toBe(CALLS);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(captured.warnings.map((warning) => warning.name)).toEqual([]);
  });

  it(`${CALLS} concurrent calls waiting for approval print no warning either`, async () => {
    const work = mkdtempSync(join(tmpdir(), 'wesgine-listeners-'));
    const cell = createEngine().createCell({
      workDir: work,
      zone: { version: 1, zone: 'test/ask', defaults: { exploration: 'allow', action: 'ask' }, rules: [] },
    });
    cell.tools().register({
      name: 'touch',
      description: 'Pretends to create a file.',
      parameters: Type.Object({ path: Path({ access: 'write' }) }),
      handler: () => 'touched',
    });
    const queue = cell.approvals();
    const run = cell.run({ human: queue });
    const calls = Array.from({ length: CALLS }, (_, index) => run.call('touch', { path: `f${index}.txt` }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const pending of queue.pending()) queue.decide(pending.id, { decision: 'approve', scope: 'once' });
    const results = await Promise.all(calls);
    expect(results.filter((result) => result.text === 'touched')).toHaveLength(CALLS);
    await new Promise((resolve) => setImmediate(resolve));
    expect(captured.warnings.map((warning) => warning.name)).toEqual([]);
  });

  it('keeps one listener on the signal, and a call that stopped waiting is not called', () => {
    const controller = new AbortController();
    const heard: number[] = [];
    const stops = Array.from({ length: 20 }, (_, index) => onAbort(controller.signal, () => heard.push(index)));
    for (const stop of stops.slice(0, 10)) stop();
    controller.abort();
    expect(heard).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});
