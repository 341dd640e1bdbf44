import { mkdtempSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';

// Fault tests of the call pipeline through a real cell: a huge output, a thousand concurrent calls, and
// no timers or handles left behind by calls that hung, failed or were cut.

function cell(defaults?: { timeoutMs?: number; outputBudget?: number }) {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-faults-')));
  return createEngine().createCell({ workDir, ...(defaults === undefined ? {} : { defaults }) });
}

/** Runs `work` and returns the timers it created that are still pending afterwards (other tests' timers don't count). */
async function strayTimers(work: () => Promise<void>): Promise<number> {
  const created = new Set<NodeJS.Timeout>();
  const original = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const timer = original(...args);
    created.add(timer);
    return timer;
  }) as typeof setTimeout;
  try {
    await work();
  } finally {
    globalThis.setTimeout = original;
  }
  return [...created].filter((timer) => timer.hasRef() && !(timer as unknown as { _destroyed?: boolean })._destroyed)
    .length;
}

describe('runtime faults', () => {
  it('a 50 MB output reaches the model cut to its budget, and whole in the spill file', async () => {
    const target = cell({ outputBudget: 20_000 });
    target.tools().register({
      name: 'flood',
      description: 'Flood.',
      parameters: Type.Object({}),
      handler: () => 'z'.repeat(50 * 1024 * 1024),
    });
    const result = await target.run().call('flood', {});
    expect(result.isError).toBe(false);
    expect(result.text.length).toBeLessThanOrEqual(20_000);
    expect(statSync(result.spilledTo ?? '').size).toBe(50 * 1024 * 1024);
  });

  it('a thousand concurrent calls through one cell all complete, each with its own answer', async () => {
    const target = cell();
    target.tools().register({
      name: 'echo',
      description: 'Echo.',
      parameters: Type.Object({ n: Type.Integer() }),
      handler: async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, n % 7));
        return `echo ${n}`;
      },
    });
    const run = target.run();
    const results = await Promise.all(Array.from({ length: 1000 }, (_, n) => run.call('echo', { n })));
    expect(results.every((result, n) => !result.isError && result.text === `echo ${n}`)).toBe(true);
    expect(target.auditLog()).toHaveLength(1000);
  });

  it('leaves no timers behind after calls that finished, failed, timed out or were cancelled', async () => {
    const stray = await strayTimers(async () => {
      const target = cell({ timeoutMs: 30 });
      target
        .tools()
        .register({ name: 'ok', description: 'Ok.', parameters: Type.Object({}), handler: async () => 'ok' });
      target.tools().register({
        name: 'fail',
        description: 'Fail.',
        parameters: Type.Object({}),
        handler: async () => {
          throw new Error('broken');
        },
      });
      target.tools().register({
        name: 'hang',
        description: 'Hang.',
        parameters: Type.Object({}),
        handler: () => new Promise(() => {}),
      });
      const run = target.run();
      expect(await run.call('ok', {})).toMatchObject({ isError: false });
      expect(await run.call('fail', {})).toMatchObject({ code: 'handler_failed', text: 'broken' });
      expect(await run.call('hang', {})).toMatchObject({ code: 'timeout' });
      const pending = target.run().call('hang', {});
      await target.stop();
      expect(await pending).toMatchObject({ code: 'aborted' });
    });
    expect(stray).toBe(0);
  });
});
