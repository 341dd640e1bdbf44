import { type Cell, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronCell, engine, folders, jobId } from './cron.test.fixture.js';
import { cronAdapter } from './cron-adapter.js';
import { schedulerOf } from './cron-cells.js';

const place = folders();
let cell: Cell;

beforeAll(async () => {
  cell = cronCell({ workDir: place.workDir, dataDir: place.dataDir });
  await cell.ready();
});

afterAll(async () => {
  await cell.stop();
  place.cleanup();
});

const later = '2099-06-01T09:30:00Z';

describe('cron.schedule, cron.list and cron.cancel', () => {
  it('lists the tools only while the cell sets cron', () => {
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['cron.cancel', 'cron.list', 'cron.schedule', 'peek', 'slow', 'tick']);
    const plain = engine.createCell({ workDir: place.workDir });
    expect(
      plain
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['peek', 'slow', 'tick']);
  });

  it('schedules a tool call for one date, lists it and cancels it', async () => {
    const run = cell.run({ actor: 'ana' });
    const made = await run.call('cron.schedule', {
      when: later,
      run: { tool: 'tick', arguments: { label: 'one' } },
      name: 'remind',
    });
    expect(made.isError).toBe(false);
    const id = jobId(made.text);
    expect(made.text).toBe(
      [
        `Scheduled ${id} "remind": tick {"label":"one"} once at 2099-06-01T09:30:00.000Z.`,
        'Next run: 2099-06-01T09:30:00.000Z. Runs missed while the cell is stopped: run once, late.',
        `Each run is governed as a call of ana with nobody to approve it; cancel it with cron.cancel {"id":"${id}"}.`,
      ].join('\n'),
    );
    const listed = await run.call('cron.list', {});
    expect(listed.text).toBe(
      [
        '1 job:',
        `${id} "remind" (active): tick {"label":"one"} once at 2099-06-01T09:30:00.000Z; missed runs: run once, late`,
        '  next 2099-06-01T09:30:00.000Z; last none yet',
      ].join('\n'),
    );
    const one = await run.call('cron.list', { id });
    expect(one.text).toBe(
      [
        `${id} "remind" (active): tick {"label":"one"} once at 2099-06-01T09:30:00.000Z; missed runs: run once, late`,
        '  next 2099-06-01T09:30:00.000Z; last none yet',
        'No runs yet.',
      ].join('\n'),
    );
    const cancelled = await run.call('cron.cancel', { id });
    expect(cancelled.text).toBe(`Cancelled ${id} "remind"; it will not run again.`);
    const again = await cell.run({ actor: 'ana' }).call('cron.cancel', { id });
    expect(again.isError).toBe(true);
    expect(again.code).toBe('conflict');
    expect(again.text).toMatch(
      new RegExp(`^${id} "remind" was cancelled already \\(\\d{4}-.+Z\\); nothing changed\\.$`),
    );
    expect((await run.call('cron.list', {})).text).toBe('No jobs are waiting; cron.schedule adds one.');
    const ended = await run.call('cron.list', { include_ended: true });
    expect(ended.text).toMatch(
      new RegExp(`^1 job:\\n${id} "remind" \\(cancelled\\): tick .+\\n  cancelled \\d{4}-.+Z; last none yet$`),
    );
  });

  it('schedules an expression in a time zone, with its policy and next time', async () => {
    const run = cell.run();
    const made = await run.call('cron.schedule', {
      when: '30 9 * * *',
      timezone: 'Europe/Berlin',
      run: { tool: 'tick', arguments: { label: 'daily' } },
      missed: 'skip',
    });
    const id = jobId(made.text);
    const next = /Next run: (\S+)\./.exec(made.text)?.[1] ?? '';
    // 09:30 in Berlin is 08:30 UTC in winter and 07:30 in summer.
    expect(next).toMatch(/T0[78]:30:00\.000Z$/);
    expect(made.text.split('\n')[0]).toBe(
      `Scheduled ${id}: tick {"label":"daily"} every "30 9 * * *" (Europe/Berlin).`,
    );
    expect(made.text.split('\n')[1]).toBe(`Next run: ${next}. Runs missed while the cell is stopped: skipped.`);
    expect(made.text.split('\n')[2]).toBe(
      `Each run is governed as a call with nobody to approve it; cancel it with cron.cancel {"id":"${id}"}.`,
    );
    await run.call('cron.cancel', { id });
  });

  it("keeps each actor's jobs to that actor", async () => {
    const ana = cell.run({ actor: 'ana' });
    const bob = cell.run({ actor: 'bob' });
    const id = jobId(
      (await ana.call('cron.schedule', { when: later, run: { tool: 'tick', arguments: { label: 'a' } } })).text,
    );
    const seen = await bob.call('cron.list', { id });
    expect(seen).toMatchObject({ isError: true, code: 'not_found' });
    expect(seen.text).toBe(`there is no job '${id}' here; cron.list shows the jobs you scheduled.`);
    expect((await bob.call('cron.cancel', { id })).code).toBe('not_found');
    expect((await bob.call('cron.list', {})).text).toBe('No jobs are waiting; cron.schedule adds one.');
    expect((await ana.call('cron.cancel', { id })).isError).toBe(false);
  });
});

describe('what cron.schedule refuses, storing nothing', () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'a bad expression',
      { when: '61 * * * *', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "61 * * * *" is not a cron expression: Invalid value for minute: 61. Write five fields (minute hour day-of-month month day-of-week, e.g. "0 9 * * 1-5"), six with seconds first, @hourly/@daily/@weekly/@monthly/@yearly, or an ISO date-time for one run.',
    ],
    [
      'too few fields',
      { when: 'every day', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "every day" is not a cron expression: invalid configuration format (\'every day\'), exactly five, six, or seven space separated parts are required.. Write five fields (minute hour day-of-month month day-of-week, e.g. "0 9 * * 1-5"), six with seconds first, @hourly/@daily/@weekly/@monthly/@yearly, or an ISO date-time for one run.',
    ],
    [
      'an expression that never matches',
      { when: '0 0 31 2 *', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "0 0 31 2 *" never matches a date (such as the 31st of February); check the day and month fields.',
    ],
    [
      'a date in the past',
      { when: '2020-01-01T00:00:00Z', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "2020-01-01T00:00:00Z" is in the past (it is NOW now); give a later date-time.',
    ],
    [
      'a date without offset',
      { when: '2099-01-01T09:00', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "2099-01-01T09:00" has no offset, so it could mean any time zone; add Z for UTC (2099-01-01T09:00Z), an offset such as +01:00, or give timezone.',
    ],
    [
      'a date that does not exist',
      { when: '2099-02-30T09:00:00Z', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'when "2099-02-30T09:00:00Z" is not a date that exists; check the day, month and time.',
    ],
    [
      'a bad time zone',
      { when: '0 9 * * *', timezone: 'Mars/Olympus', run: { tool: 'tick', arguments: { label: 'x' } } },
      'invalid_arguments',
      'timezone "Mars/Olympus" is not a time zone; give an IANA name such as "Europe/Berlin" or "America/New_York", or leave it out for UTC.',
    ],
    [
      'an unknown tool',
      { when: later, run: { tool: 'tik', arguments: { label: 'x' } } },
      'invalid_arguments',
      "run.tool 'tik' is no tool of this cell. Did you mean 'tick'? Nothing was scheduled.",
    ],
    [
      'a cron tool',
      { when: later, run: { tool: 'cron.cancel', arguments: { id: 'cron-00000000' } } },
      'invalid_arguments',
      'a job cannot run cron.cancel: jobs do not schedule, list or cancel jobs. Nothing was scheduled.',
    ],
    [
      'arguments the tool refuses',
      { when: later, run: { tool: 'tick', arguments: { label: '', extra: 1 } } },
      'invalid_arguments',
      'The arguments for `tick` are not valid (2 problems):\n- /extra: unknown key "extra"; the keys allowed here are "label"\n- /label: must be at least 1 character long, got 0 characters\nFix run.arguments; nothing was scheduled.',
    ],
    [
      'a run that is both a tool call and a prompt',
      { when: later, run: { tool: 'tick', prompt: 'x' } },
      'invalid_arguments',
      'The arguments for `cron.schedule` are not valid (1 problem):\n- /run: must be an object with "tool" or an object with "prompt", got an object with keys "tool", "prompt"',
    ],
    [
      'an empty run',
      { when: later, run: {} },
      'invalid_arguments',
      'The arguments for `cron.schedule` are not valid (1 problem):\n- /run: must be an object with "tool" or an object with "prompt", got an empty object',
    ],
    [
      'a prompt with no model',
      { when: later, run: { prompt: 'hello' } },
      'invalid_arguments',
      'this cell has no model for prompt jobs (CellSpec.cron.agent is not set); schedule a tool call instead: run: { tool, arguments }',
    ],
  ];

  it.each(refusals)('refuses %s', async (_what, args, code, message) => {
    const run = cell.run({ actor: 'refused' });
    const result = await run.call('cron.schedule', args);
    expect(result).toMatchObject({ isError: true, code });
    expect(result.text.replace(/it is \S+ now/, 'it is NOW now')).toBe(message);
    expect((await run.call('cron.list', { include_ended: true })).text).toBe('No jobs; cron.schedule adds one.');
  });

  it('refuses a tool the scheduling run may not call', async () => {
    const run = cell.run({ agent: { tools: ['cron.schedule', 'peek'] } });
    const result = await run.call('cron.schedule', { when: later, run: { tool: 'tick', arguments: { label: 'x' } } });
    expect(result).toMatchObject({ isError: true, code: 'not_allowed' });
    expect(result.text).toBe(
      'this run may not call tick, so a job it schedules may not either. Nothing was scheduled.',
    );
  });

  it('refuses more jobs than maxJobs', async () => {
    const own = folders();
    const small = cronCell({ workDir: own.workDir, dataDir: own.dataDir, cron: { maxJobs: 1 } });
    const call = () =>
      small.run().call('cron.schedule', { when: later, run: { tool: 'tick', arguments: { label: 'x' } } });
    expect((await call()).isError).toBe(false);
    const second = await call();
    expect(second).toMatchObject({ isError: true, code: 'conflict' });
    expect(second.text).toBe(
      'the cell has 1 jobs waiting, the most it keeps; cancel one first (cron.list shows them). Nothing was scheduled.',
    );
    // Many at once cannot squeeze past the limit either.
    const more = await Promise.all(Array.from({ length: 8 }, () => call()));
    expect(more.filter((result) => !result.isError)).toEqual([]);
    await small.stop();
    own.cleanup();
  });

  it('refuses a tool the cell has disabled', async () => {
    const own = folders();
    const limited = cronCell({ workDir: own.workDir, dataDir: own.dataDir, disabledEngineSkills: ['peek'] });
    const result = await limited.run().call('cron.schedule', { when: later, run: { tool: 'peek' } });
    expect(result).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(result.text).toBe("run.tool 'peek' is disabled in this cell (disabledEngineSkills). Nothing was scheduled.");
    await limited.stop();
    own.cleanup();
  });

  it('refuses a bad cron field, and no cell is made', () => {
    const plain = createEngine({ adapters: [cronAdapter] });
    const make = (cron: unknown) => () =>
      plain.createCell({ workDir: place.workDir, dataDir: place.dataDir, cron: cron as never });
    expect(make({ missed: 'later' })).toThrow('cron.missed must be "once" or "skip", not "later"');
    expect(make({ maxJobs: 0 })).toThrow('cron.maxJobs must be a whole number from 1 to 10000, not 0');
    expect(make({ every: 1 })).toThrow("cron has no field 'every'; its fields are missed, maxJobs and agent");
    expect(make({ agent: { client: {} } })).toThrow(
      'cron.agent.client must be a model client (an object with complete(), such as openAiChatClient(...))',
    );
    expect(make([])).toThrow('cron must be an object such as {} or { missed: "skip" }');
  });
});

describe('when the job store fails', () => {
  it('answers unavailable with what to check, and no stack trace', async () => {
    const own = folders();
    const broken = cronCell({ workDir: own.workDir, dataDir: own.dataDir });
    await broken.ready();
    await schedulerOf(broken.id).store.close();
    const message = `the cron job store failed (the cron store is closed); nothing was changed. Check that ${own.dataDir}/cron can be written, or restart the cell.`;
    for (const [tool, args] of [
      ['cron.list', {}],
      ['cron.cancel', { id: 'cron-00000000' }],
      ['cron.schedule', { when: later, run: { tool: 'tick', arguments: { label: 'x' } } }],
    ] as const) {
      const result = await broken.run().call(tool, args);
      expect(result).toMatchObject({ isError: true, code: 'unavailable' });
      expect(result.text).toBe(message);
    }
    await broken.stop();
    const after = await engine.createCell({ workDir: own.workDir, dataDir: own.dataDir }).run().call('cron.list', {});
    expect(after).toMatchObject({ isError: true, code: 'unknown_tool' });
    own.cleanup();
  });

  it('is gone from a run made before the cell stopped', async () => {
    const own = folders();
    const stopped = cronCell({ workDir: own.workDir, dataDir: own.dataDir });
    const run = stopped.run();
    await stopped.stop();
    // The stop removed the adapter's source: the call never reaches the closed store.
    expect((await run.call('cron.list', {})).code).toBe('unknown_tool');
    own.cleanup();
  });
});
