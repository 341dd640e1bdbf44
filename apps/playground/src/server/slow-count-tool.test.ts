import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, type CellEvent, createEngine } from '@wesgine/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { slowCountTool } from './slow-count-tool.js';

let cell: Cell | undefined;
let workDir: string | undefined;
afterEach(async () => {
  await cell?.stop();
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
});

function cellWithSlowCount(): Cell {
  workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-slow-count-')));
  cell = createEngine().createCell({ workDir });
  cell.tools().register(slowCountTool());
  return cell;
}

describe('slow_count', () => {
  it('reports progress at every step, in order, under its call id, then answers', async () => {
    const cell = cellWithSlowCount();
    const events: CellEvent[] = [];
    cell.onEvent((event) => events.push(event));
    const result = await cell.run().call('slow_count', { to: 3, delayMs: 5 });
    expect(result).toEqual({ isError: false, text: 'counted to 3', data: { counted: 3 } });
    const progress = events.filter((event) => event.kind === 'progress');
    expect(progress.map((event) => [event.progress, event.total, event.message])).toEqual([
      [1, 3, 'counted 1 of 3'],
      [2, 3, 'counted 2 of 3'],
      [3, 3, 'counted 3 of 3'],
    ]);
    const [audit] = cell.auditLog();
    expect(new Set(progress.map((event) => event.callId))).toEqual(new Set([audit?.callId]));
  });

  it('is exploration by its meta, so it needs no approval', async () => {
    const cell = cellWithSlowCount();
    const run = cell.run();
    expect(run.tools().find((tool) => tool.name === 'slow_count')?.meta.readOnly).toBe(true);
  });

  it('refuses numbers out of range and says which', async () => {
    const cell = cellWithSlowCount();
    const run = cell.run();
    const tooFar = await run.call('slow_count', { to: 21 });
    expect(tooFar).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(tooFar.text).toContain('/to');
    expect(tooFar.text).toContain('20');
    const tooSlow = await run.call('slow_count', { to: 2, delayMs: 2001 });
    expect(tooSlow).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(tooSlow.text).toContain('/delayMs');
  });

  it('stops counting when the call is cancelled', async () => {
    const cell = cellWithSlowCount();
    const controller = new AbortController();
    const events: CellEvent[] = [];
    cell.onEvent((event) => {
      events.push(event);
      if (event.kind === 'progress' && event.progress === 2) controller.abort();
    });
    const result = await cell.run({ signal: controller.signal }).call('slow_count', { to: 20, delayMs: 20 });
    expect(result).toMatchObject({ isError: true, code: 'aborted' });
    expect(events.filter((event) => event.kind === 'progress').length).toBe(2);
  });
});
