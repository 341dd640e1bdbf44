import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CronJob } from './cron-store.js';
import { sqliteCronStore } from './sqlite-cron-store.js';

const root = mkdtempSync(join(tmpdir(), 'cron-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const job = (id: string, nextRun: number): CronJob => ({
  id,
  when: { kind: 'cron', expression: '* * * * *' },
  task: { kind: 'tool', tool: 'tick', arguments: { label: 'é✓' } },
  owner: { actor: 'ana', zone: { version: 1, zone: 'z' } },
  missed: 'once',
  state: 'active',
  nextRun,
  createdAt: 1,
});

describe('sqliteCronStore', () => {
  it('keeps jobs as given, in a file it makes with its folder', async () => {
    const file = join(root, 'deep', 'er', 'jobs.sqlite');
    const store = sqliteCronStore(file);
    expect(await store.add(job('cron-00000001', 60_000), 1)).toBe(true);
    expect(await store.add(job('cron-0000000f', 60_000), 1)).toBe(false);
    await store.close();
    const again = sqliteCronStore(file);
    expect(await again.get('cron-00000001')).toEqual(job('cron-00000001', 60_000));
    expect(await again.earliest()).toBe(60_000);
    expect(await again.due(59_999)).toEqual([]);
    expect((await again.due(60_000)).map((found) => found.id)).toEqual(['cron-00000001']);
    await again.close();
    await expect(again.get('cron-00000001')).rejects.toThrow('the cron store is closed');
  });

  it('lets one of two stores on the same file claim a time, and the other gets nothing', async () => {
    const file = join(root, 'shared.sqlite');
    const one = sqliteCronStore(file);
    const two = sqliteCronStore(file);
    await one.add(job('cron-00000002', 60_000), 10);
    const claim = {
      jobId: 'cron-00000002',
      expected: 60_000,
      scheduledFor: 60_000,
      nextRun: 120_000,
      at: 60_001,
      outcome: 'running' as const,
    };
    const [first, second] = await Promise.all([one.claim(claim), two.claim(claim)]);
    expect([first, second].filter((record) => record !== undefined)).toHaveLength(1);
    expect((await two.get('cron-00000002'))?.nextRun).toBe(120_000);
    // The same time again, even with the job's next run put back, is refused by the unique record.
    expect(await one.claim({ ...claim, expected: 120_000, nextRun: 180_000 })).toBeUndefined();
    expect(await one.interrupt(70_000, 'gone')).toBe(1);
    expect((await one.runs('cron-00000002', 5)).map((record) => record.outcome)).toEqual(['interrupted']);
    await Promise.all([one.close(), two.close()]);
  });

  it('ends a one-shot job when its claim has no next run, and cancels only active jobs', async () => {
    const store = sqliteCronStore(join(root, 'once.sqlite'));
    await store.add(job('cron-00000003', 1000), 10);
    await store.add(job('cron-00000004', 1000), 10);
    const record = await store.claim({
      jobId: 'cron-00000003',
      expected: 1000,
      scheduledFor: 1000,
      nextRun: undefined,
      at: 1001,
      outcome: 'running',
    });
    expect(record).toMatchObject({ jobId: 'cron-00000003', outcome: 'running', startedAt: 1001 });
    expect(await store.get('cron-00000003')).toMatchObject({ state: 'done', nextRun: undefined, endedAt: 1001 });
    expect(await store.cancel('cron-00000003', 2000)).toBe(false);
    expect(await store.cancel('cron-00000004', 2000)).toBe(true);
    expect((await store.list(['active'])).map((found) => found.id)).toEqual([]);
    expect((await store.list(['done', 'cancelled'])).map((found) => found.state)).toEqual(['done', 'cancelled']);
    await store.close();
  });
});
