import { scriptedClient } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { cronCell, folders, inMs, jobEvents, jobId, ticks, waitFor } from './cron.test.fixture.js';

const places: { cleanup: () => void }[] = [];
const place = () => {
  const made = folders();
  places.push(made);
  return made;
};
afterAll(() => {
  for (const made of places) made.cleanup();
});

const lastRun = async (cell: ReturnType<typeof cronCell>, id: string, actor?: string) =>
  (await cell.run(actor === undefined ? {} : { actor }).call('cron.list', { id })).text;

describe('jobs that run', () => {
  it('runs a tool call at its date as a run of the scheduling actor, with the job as origin', async () => {
    const { workDir, dataDir } = place();
    const cell = cronCell({ workDir, dataDir });
    await cell.ready();
    const made = await cell.run({ actor: 'ana', sessionId: 's-1' }).call('cron.schedule', {
      when: inMs(250),
      run: { tool: 'tick', arguments: { label: 'hello' } },
    });
    const id = jobId(made.text);
    await waitFor(async () => (await lastRun(cell, id, 'ana')).includes(' ok: '));
    expect(ticks(workDir)).toEqual(['hello']);
    const [event] = jobEvents(cell, id);
    expect(event).toMatchObject({
      tool: 'tick',
      actor: 'ana',
      sessionId: 's-1',
      agentId: `cron:${id}`,
      outcome: 'ok',
      origin: { kind: 'cron', id },
    });
    const text = await lastRun(cell, id, 'ana');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^${id} \\(done\\): tick \\{"label":"hello"\\} once at \\S+Z; missed runs: run once, late$`),
    );
    expect(lines[1]).toMatch(/^ {2}will not run again; last \S+Z ok: ticked hello$/);
    expect(lines.slice(2)).toEqual(['Latest runs, newest first:', expect.stringMatching(/^- \S+Z ok: ticked hello$/)]);
    const late = await cell.run({ actor: 'ana' }).call('cron.cancel', { id });
    expect(late).toMatchObject({ isError: true, code: 'conflict' });
    expect(late.text).toMatch(
      new RegExp(`^${id} has run its last time \\(\\S+Z\\) and will not run again; nothing to cancel\\.$`),
    );
    await cell.stop();
  });

  it('runs a seconds expression again and again, each time once, until cancelled', async () => {
    const { workDir, dataDir } = place();
    const cell = cronCell({ workDir, dataDir });
    const run = cell.run();
    const id = jobId(
      (await run.call('cron.schedule', { when: '* * * * * *', run: { tool: 'tick', arguments: { label: 'beat' } } }))
        .text,
    );
    await waitFor(() => ticks(workDir).length >= 2, 4000);
    await cell.run().call('cron.cancel', { id });
    // A run claimed just before the cancel may still end; after that, nothing more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const count = ticks(workDir).length;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(ticks(workDir).length).toBe(count);
    const ran = jobEvents(cell, id).filter((event) => event.outcome === 'ok');
    expect(ran).toHaveLength(count);
    expect(new Set(ran.map((event) => event.runId)).size).toBe(count);
    await cell.stop();
  });

  it('refuses a denied tool at run time, and records the refusal with the job as origin', async () => {
    const { workDir, dataDir } = place();
    const zone = {
      version: 1,
      zone: 'cron-test',
      rules: [
        { id: 'scheduling', effect: 'allow', tools: ['cron.*'] },
        { id: 'no-ticks', effect: 'deny', tools: ['tick'], reason: 'ticks are closed for this test' },
      ],
    };
    const cell = cronCell({ workDir, dataDir, zone });
    const id = jobId(
      (
        await cell
          .run({ actor: 'ana' })
          .call('cron.schedule', { when: inMs(200), run: { tool: 'tick', arguments: { label: 'no' } } })
      ).text,
    );
    await waitFor(async () => (await lastRun(cell, id, 'ana')).includes('failed'));
    expect(ticks(workDir)).toEqual([]);
    expect(jobEvents(cell, id)).toMatchObject([
      { tool: 'tick', actor: 'ana', outcome: 'zone_denied', origin: { kind: 'cron', id } },
    ]);
    const text = await lastRun(cell, id, 'ana');
    expect(text.split('\n').at(-1)).toMatch(/^- \S+Z failed \(zone_denied\): .*ticks are closed for this test/);
    await cell.stop();
  });

  it('refuses at run time a call that would ask a person, since nobody is there', async () => {
    const { workDir, dataDir } = place();
    const zone = {
      version: 1,
      zone: 'cron-ask',
      defaults: { exploration: 'allow', action: 'ask' },
      rules: [{ id: 'scheduling', effect: 'allow', tools: ['cron.*'] }],
    };
    const cell = cronCell({ workDir, dataDir, zone });
    const id = jobId(
      (await cell.run().call('cron.schedule', { when: inMs(200), run: { tool: 'tick', arguments: { label: 'q' } } }))
        .text,
    );
    await waitFor(async () => (await lastRun(cell, id)).includes('failed'));
    expect(ticks(workDir)).toEqual([]);
    expect(jobEvents(cell, id)).toMatchObject([
      { tool: 'tick', outcome: 'approval_required', origin: { kind: 'cron', id } },
    ]);
    expect((await lastRun(cell, id)).split('\n').at(-1)).toMatch(
      /^- \S+Z failed \(approval_required\): This call needs a person's approval and no one is attached/,
    );
    await cell.stop();
  });

  it("runs under the scheduling run's own Zone and tool list, never wider", async () => {
    const { workDir, dataDir } = place();
    const client = scriptedClient([{ text: 'Nothing to do.', toolCalls: [] }]);
    const cell = cronCell({ workDir, dataDir, cron: { agent: { client } } });
    const narrow = {
      version: 1,
      zone: 'narrow',
      rules: [
        { id: 'scheduling', effect: 'allow', tools: ['cron.*'] },
        { id: 'no-slow', effect: 'deny', tools: ['slow'] },
      ],
    };
    const run = cell.run({ zone: narrow, agent: { tools: ['cron.schedule', 'cron.list', 'slow', 'peek'] } });
    const id = jobId(
      (await run.call('cron.schedule', { when: inMs(200), run: { tool: 'slow', arguments: { label: 's', ms: 1 } } }))
        .text,
    );
    const prompt = jobId((await run.call('cron.schedule', { when: inMs(200), run: { prompt: 'Look.' } })).text);
    await waitFor(async () => (await lastRun(cell, id)).includes('failed'));
    await waitFor(async () => (await lastRun(cell, prompt)).includes(' ok: '));
    expect(jobEvents(cell, id)).toMatchObject([{ tool: 'slow', outcome: 'zone_denied' }]);
    expect(ticks(workDir)).toEqual([]);
    expect(client.requests[0]?.tools.map((tool) => tool.name)).toEqual(['cron.list', 'cron.schedule', 'peek', 'slow']);
    await cell.stop();
  });

  it('runs a prompt through the agent loop, whose tool calls carry the job as origin', async () => {
    const { workDir, dataDir } = place();
    const client = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'tick', args: { label: 'agent' } }] },
      { text: 'Ticked once.', toolCalls: [] },
    ]);
    const cell = cronCell({ workDir, dataDir, cron: { agent: { client, system: 'You keep time.' } } });
    const made = await cell
      .run({ actor: 'ana' })
      .call('cron.schedule', { when: inMs(200), run: { prompt: 'Tick once.' } });
    expect(made.text.split('\n')[0]).toMatch(/^Scheduled cron-[0-9a-f]{8}: the prompt "Tick once\." once at \S+Z\.$/);
    const id = jobId(made.text);
    await waitFor(async () => (await lastRun(cell, id, 'ana')).includes(' ok: '));
    expect(ticks(workDir)).toEqual(['agent']);
    expect(jobEvents(cell, id)).toMatchObject([{ tool: 'tick', actor: 'ana', origin: { kind: 'cron', id } }]);
    expect(client.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You keep time.' },
      { role: 'user', content: 'Tick once.' },
    ]);
    // The job's agent sees cron.schedule, but a call of it from a job is refused (the next test).
    expect(client.requests[0]?.tools.map((tool) => tool.name)).toContain('cron.schedule');
    expect((await lastRun(cell, id, 'ana')).split('\n')[1]).toMatch(/ ok: Ticked once\.$/);
    await cell.stop();
  });

  it('cancels a prompt run, tool call and all, when it passes its time limit', async () => {
    const { workDir, dataDir } = place();
    const client = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'slow', args: { label: 'never', ms: 30_000 } }] },
    ]);
    const cell = cronCell({ workDir, dataDir, cron: { agent: { client, timeoutMs: 300 } } });
    const id = jobId((await cell.run().call('cron.schedule', { when: inMs(150), run: { prompt: 'Sleep.' } })).text);
    await waitFor(async () => (await lastRun(cell, id)).includes('failed'));
    expect((await lastRun(cell, id)).split('\n').at(-1)).toMatch(
      /^- \S+Z failed \(timeout\): the prompt run took longer than 300 ms and was cancelled$/,
    );
    expect(jobEvents(cell, id)).toMatchObject([{ tool: 'slow', outcome: 'aborted' }]);
    expect(ticks(workDir)).toEqual([]);
    await cell.stop();
  });

  it("records a model that fails as the run's outcome", async () => {
    const { workDir, dataDir } = place();
    const cell = cronCell({ workDir, dataDir, cron: { agent: { client: scriptedClient([]) } } });
    const id = jobId((await cell.run().call('cron.schedule', { when: inMs(150), run: { prompt: 'Hi.' } })).text);
    await waitFor(async () => (await lastRun(cell, id)).includes('failed'));
    expect((await lastRun(cell, id)).split('\n').at(-1)).toMatch(
      /^- \S+Z failed \(model_error\): the model failed: the scripted client has no step for request 1: its script has 0 steps$/,
    );
    await cell.stop();
  });

  it('refuses cron.schedule inside a job, so jobs cannot breed jobs', async () => {
    const { workDir, dataDir } = place();
    const client = scriptedClient([
      {
        text: '',
        toolCalls: [
          {
            id: 'c1',
            name: 'cron.schedule',
            args: { when: '* * * * * *', run: { tool: 'tick', arguments: { label: 'x' } } },
          },
        ],
      },
      { text: 'Could not.', toolCalls: [] },
    ]);
    const cell = cronCell({ workDir, dataDir, cron: { agent: { client } } });
    const id = jobId((await cell.run().call('cron.schedule', { when: inMs(200), run: { prompt: 'Breed.' } })).text);
    await waitFor(async () => (await lastRun(cell, id)).includes(' ok: '));
    expect(client.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Error (not_allowed): a scheduled job cannot schedule more jobs; nothing was scheduled.',
    });
    expect((await cell.run().call('cron.list', {})).text).toBe('No jobs are waiting; cron.schedule adds one.');
    await cell.stop();
  });

  it('cancels a run under way with its job', async () => {
    const { workDir, dataDir } = place();
    const cell = cronCell({ workDir, dataDir });
    const id = jobId(
      (
        await cell
          .run()
          .call('cron.schedule', { when: '* * * * * *', run: { tool: 'slow', arguments: { label: 'z', ms: 30_000 } } })
      ).text,
    );
    await waitFor(async () => (await lastRun(cell, id)).includes('running since'), 3000);
    const cancelled = await cell.run().call('cron.cancel', { id });
    expect(cancelled.text).toBe(`Cancelled ${id}; its run under way was cancelled too, and it will not run again.`);
    await waitFor(async () => (await lastRun(cell, id)).includes('failed (aborted)'));
    expect((await lastRun(cell, id)).split('\n')[1]).toMatch(
      /failed \(aborted\): cancelled by cron\.cancel while it ran$/,
    );
    expect(ticks(workDir)).toEqual([]);
    await cell.stop();
  });
});
