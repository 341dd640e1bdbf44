import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, createEngine, scriptedClient } from '@wesgine/runtime';
import { Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAgentRuns } from './agent-runs.js';

let cell: Cell | undefined;
let workDir: string | undefined;
afterEach(async () => {
  await cell?.stop();
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
});

/** A cell with a `ping` tool and a sub-agent that calls it once per task, then answers. */
function cellWithAgent(): Cell {
  workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-agent-runs-')));
  cell = createEngine().createCell({ workDir });
  cell
    .tools()
    .register({ name: 'ping', description: 'Answers pong.', parameters: Type.Object({}), handler: () => 'pong' });
  const steps = Array.from({ length: 5 }, (_, task) => [
    { text: '', toolCalls: [{ id: `ping-${task}`, name: 'ping', args: {} }] },
    { text: `done ${task}`, toolCalls: [] },
  ]).flat();
  cell.agents().asTool({ name: 'pinger', description: 'Pings once.', client: scriptedClient(steps), tools: ['ping'] });
  return cell;
}

describe('keepAgentRuns', () => {
  it('keeps the latest sub-agent runs, and none of the top-level runs', async () => {
    const cell = cellWithAgent();
    const kept = keepAgentRuns(cell, 2);
    const run = cell.run();
    const childRuns: string[] = [];
    for (let task = 0; task < 3; task += 1) {
      const result = await run.call('pinger', { task: `task ${task}` });
      expect(result.text).toBe(`done ${task}`);
      childRuns.push((result.data as { runId: string }).runId);
    }
    expect(kept.ids()).toEqual(childRuns.slice(1));
    for (const id of childRuns.slice(1)) expect(cell.findRun(id)?.id).toBe(id);
    kept.stop();
    expect(kept.ids()).toEqual([]);
    await run.call('pinger', { task: 'after' });
    expect(kept.ids()).toEqual([]);
  });
});
