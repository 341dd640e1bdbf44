import { afterAll, describe, expect, it } from 'vitest';
import { cronCell, folders, inMs, jobId, ticks, waitFor } from './cron.test.fixture.js';
import { cronDatabase } from './cron-adapter.js';
import type { CronRunRecord } from './store/cron-store.js';
import { sqliteCronStore } from './store/sqlite-cron-store.js';

const places: { cleanup: () => void }[] = [];
const place = () => {
  const made = folders();
  places.push(made);
  return made;
};
afterAll(() => {
  for (const made of places) made.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every run record of a job, read from the database file itself after the cells stopped. */
async function records(dataDir: string, id: string): Promise<CronRunRecord[]> {
  const store = sqliteCronStore(cronDatabase(dataDir));
  try {
    return (await store.runs(id, 1000)).reverse();
  } finally {
    await store.close();
  }
}

describe('jobs across a stop and a start on the same data folder', () => {
  it('loses nothing: the new cell lists the same jobs with the same next runs', async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const run = first.run({ actor: 'ana' });
    await run.call('cron.schedule', { when: '2099-01-01T00:00:00Z', run: { tool: 'tick', arguments: { label: 'a' } } });
    await run.call('cron.schedule', {
      when: '0 9 * * 1-5',
      timezone: 'Asia/Tokyo',
      run: { tool: 'peek' },
      name: 'weekday',
    });
    const gone = jobId(
      (await run.call('cron.schedule', { when: '@daily', run: { tool: 'tick', arguments: { label: 'c' } } })).text,
    );
    await run.call('cron.cancel', { id: gone });
    const before = (await first.run({ actor: 'ana' }).call('cron.list', { include_ended: true })).text;
    await first.stop();

    const second = cronCell({ workDir, dataDir });
    await second.ready();
    const after = (await second.run({ actor: 'ana' }).call('cron.list', { include_ended: true })).text;
    expect(after).toBe(before);
    expect(after.split('\n')[0]).toBe('3 jobs:');
    await second.stop();
  });

  it('keeps a job scheduled before the stop and runs it on time in the new cell, not late', async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: inMs(500), run: { tool: 'tick', arguments: { label: 'kept' } } })
      ).text,
    );
    await first.stop();
    const second = cronCell({ workDir, dataDir });
    await second.ready();
    expect(ticks(workDir)).toEqual([]);
    await waitFor(() => ticks(workDir).length === 1);
    await waitFor(async () => (await second.run().call('cron.list', { id })).text.includes(' ok: '));
    expect((await second.run().call('cron.list', { id })).text.split('\n').at(-1)).toMatch(/^- \S+Z ok: ticked kept$/);
    await second.stop();
  });

  it('runs nothing twice: each scheduled time runs once, in one cell or the other', async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir, cron: { missed: 'skip' } });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: '* * * * * *', run: { tool: 'tick', arguments: { label: 'beat' } } })
      ).text,
    );
    await waitFor(() => ticks(workDir).length >= 2, 4000);
    await first.stop();
    const second = cronCell({ workDir, dataDir, cron: { missed: 'skip' } });
    await second.ready();
    await waitFor(() => ticks(workDir).length >= 3, 4000);
    await second.stop();
    const kept = await records(dataDir, id);
    const ran = kept.filter((record) => record.outcome === 'ok');
    expect(ticks(workDir)).toHaveLength(ran.length);
    expect(new Set(kept.map((record) => record.scheduledFor)).size).toBe(kept.length);
    expect(new Set(ran.map((record) => record.runId)).size).toBe(ran.length);
    expect(kept.every((record) => record.outcome === 'ok' || record.outcome === 'missed')).toBe(true);
  });

  it("with policy 'once', runs a time missed while stopped once, late, and says so", async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: inMs(300), run: { tool: 'tick', arguments: { label: 'late' } } })
      ).text,
    );
    await first.stop();
    await sleep(450);
    expect(ticks(workDir)).toEqual([]);
    const second = cronCell({ workDir, dataDir });
    await second.ready();
    await waitFor(async () => (await second.run().call('cron.list', { id })).text.includes(' ok '));
    expect(ticks(workDir)).toEqual(['late']);
    const text = (await second.run().call('cron.list', { id })).text;
    expect(text.split('\n').at(-1)).toMatch(
      /^- \S+Z ok \(late: its time passed while the cell was stopped\): ticked late$/,
    );
    await second.stop();
    // A third start finds nothing to do.
    const third = cronCell({ workDir, dataDir });
    await third.ready();
    await sleep(100);
    await third.stop();
    expect(ticks(workDir)).toEqual(['late']);
  });

  it("with policy 'once', runs a repeating job once for all the times it missed, then on time", async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: '* * * * * *', run: { tool: 'tick', arguments: { label: 'r' } } })
      ).text,
    );
    await first.stop();
    await sleep(2100);
    const second = cronCell({ workDir, dataDir });
    await second.ready();
    await waitFor(() => ticks(workDir).length >= 1);
    await second.stop();
    const [late] = await records(dataDir, id);
    expect(late?.outcome).toBe('ok');
    expect(late?.missedCount).toBeGreaterThanOrEqual(2);
    expect(ticks(workDir)).toHaveLength(
      (await records(dataDir, id)).filter((record) => record.outcome === 'ok').length,
    );
  });

  it("with policy 'skip', does not run a time missed while stopped, and tells it in cron.list", async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: inMs(200), run: { tool: 'tick', arguments: { label: 'no' } }, missed: 'skip' })
      ).text,
    );
    await first.stop();
    await sleep(350);
    const second = cronCell({ workDir, dataDir });
    await second.ready();
    await sleep(100);
    expect(ticks(workDir)).toEqual([]);
    const text = (await second.run().call('cron.list', { id })).text;
    expect(text.split('\n')[0]).toMatch(
      new RegExp(`^${id} \\(done\\): tick \\{"label":"no"\\} once at \\S+Z; missed runs: skipped$`),
    );
    expect(text.split('\n').at(-1)).toMatch(
      /^- \S+Z not run: missed its time while the cell was stopped \(last \S+Z\); skipped, as its policy says$/,
    );
    await second.stop();
  });

  it('never runs again a run the stop cut short, and records it as interrupted', async () => {
    const { workDir, dataDir } = place();
    const first = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await first
          .run()
          .call('cron.schedule', { when: inMs(150), run: { tool: 'slow', arguments: { label: 'cut', ms: 30_000 } } })
      ).text,
    );
    await waitFor(async () => (await first.run().call('cron.list', { id })).text.includes('running since'));
    await first.stop();
    const second = cronCell({ workDir, dataDir });
    await second.ready();
    await sleep(100);
    const text = (await second.run().call('cron.list', { id })).text;
    expect(text.split('\n').at(-1)).toMatch(/^- \S+Z interrupted: the cell stopped while it ran; it is not run again$/);
    await second.stop();
    expect(ticks(workDir)).toEqual([]);
  });

  it('runs each time once when two cells share the data folder at the same time', async () => {
    const { workDir, dataDir } = place();
    const one = cronCell({ workDir, dataDir });
    const two = cronCell({ workDir, dataDir });
    await Promise.all([one.ready(), two.ready()]);
    const id = jobId(
      (await one.run().call('cron.schedule', { when: '* * * * * *', run: { tool: 'tick', arguments: { label: 'x' } } }))
        .text,
    );
    await sleep(2100);
    await Promise.all([one.stop(), two.stop()]);
    const kept = await records(dataDir, id);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(new Set(kept.map((record) => record.scheduledFor)).size).toBe(kept.length);
    expect(ticks(workDir)).toHaveLength(kept.filter((record) => record.outcome === 'ok').length);
  });
});
