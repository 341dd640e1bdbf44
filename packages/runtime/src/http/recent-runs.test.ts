import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { RecentRuns } from './recent-runs.js';

function cell() {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-recent-')));
  const made = createEngine().createCell({ workDir });
  made.tools().register({ name: 'look', description: 'Looks.', parameters: Type.Object({}), handler: () => 'looked' });
  return made;
}

describe('RecentRuns', () => {
  it('holds the runs of the latest calls, up to its limit, the least recent caller let go of first', async () => {
    const made = cell();
    const recent = new RecentRuns(made, 2);
    const [a, b, c] = [made.run(), made.run(), made.run()];
    expect(recent.get(a.id)).toBeUndefined();
    await a.call('look', {});
    await b.call('look', {});
    expect(recent.get(a.id)).toBe(a);
    expect(recent.get(b.id)).toBe(b);
    // a calls again: b is now the least recent, and goes when c calls.
    await a.call('look', {});
    await c.call('look', {});
    expect([recent.get(a.id), recent.get(b.id), recent.get(c.id)]).toEqual([a, undefined, c]);
  });

  it('keeps a run whose call was refused too: every call is on the record', async () => {
    const made = cell();
    const recent = new RecentRuns(made);
    const run = made.run();
    expect((await run.call('lok', {})).code).toBe('unknown_tool');
    expect(recent.get(run.id)).toBe(run);
  });

  it('lets go of every run once stopped, and holds no run of a later call', async () => {
    const made = cell();
    const recent = new RecentRuns(made);
    const [a, b] = [made.run(), made.run()];
    await a.call('look', {});
    recent.stop();
    await b.call('look', {});
    expect([recent.get(a.id), recent.get(b.id)]).toEqual([undefined, undefined]);
  });
});
