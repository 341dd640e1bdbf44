import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { browserCell, dirs, sessionOf, useSites } from './playwright.test.fixture.js';
import { playwrightAdapter } from './playwright-adapter.js';
import { sqliteSessionStore } from './sqlite-session-store.js';

const state = useSites();

const storeOf = (dataDir: string) => sqliteSessionStore(join(dataDir, 'playwright', 'sessions.sqlite'));

// Each test has cells of its own: they run side by side, as most of their time is Chromium at work.
describe.concurrent('browser sessions: owned by a run, closed with it, and saying why when gone', () => {
  it("another run's session is as unknown as one that never was", async () => {
    const cell = browserCell();
    const mine = cell.run();
    const session = sessionOf(await mine.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    const other = cell.run();
    const unknown = (id: string) => ({
      isError: true,
      code: 'not_found',
      text: `There is no browser session "${id}" in this run. Sessions come from browser.open, and each belongs to the run that opened it.`,
    });
    expect(await other.call('browser.snapshot', { session })).toEqual(unknown(session));
    expect(await other.call('browser.close', { session })).toEqual(unknown(session));
    expect(await other.call('browser.click', { session, ref: 'e8' })).toEqual(unknown(session));
    expect(await other.call('browser.snapshot', { session: 's-00000000' })).toEqual(unknown('s-00000000'));
    // Still the owner's, untouched.
    expect((await mine.call('browser.snapshot', { session })).isError).toBe(false);
    await cell.stop();
  });

  it('browser.close closes it; a later call says so', async () => {
    const cell = browserCell();
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    expect(await run.call('browser.close', { session })).toEqual({
      isError: false,
      text: `Closed browser session ${session} (it showed ${state.sites.site.origin}/form).`,
      data: { session, url: `${state.sites.site.origin}/form` },
    });
    expect(await run.call('browser.snapshot', { session })).toEqual({
      isError: true,
      code: 'not_found',
      text: `Browser session ${session} is closed: browser.close closed it just now. Open a new one with browser.open.`,
    });
    await cell.stop();
  });

  it('the end of its run closes it, and the record says why', async () => {
    const { workDir, dataDir } = dirs();
    const cell = browserCell({ workDir, dataDir });
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    run.end();
    await delay(50);
    const store = storeOf(dataDir);
    expect(await store.get(session)).toMatchObject({
      id: session,
      runId: run.id,
      url: `${state.sites.site.origin}/form`,
      closedBecause: 'run-ended',
    });
    await store.close();
    await cell.stop();
  });

  it('an idle session closes after idleMs', async () => {
    const cell = browserCell({ playwright: { idleMs: 400 } });
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    await delay(250);
    expect((await run.call('browser.snapshot', { session })).isError).toBe(false);
    await delay(250);
    // Used 0.25 s ago: still open.
    expect((await run.call('browser.wait', { session, seconds: 0 })).isError).toBe(false);
    await delay(700);
    expect(await run.call('browser.snapshot', { session })).toEqual({
      isError: true,
      code: 'not_found',
      text: `Browser session ${session} is closed: no call used it for 400 ms, so it was closed just now. Open a new one with browser.open.`,
    });
    await cell.stop();
  });

  it('refuses a session past maxSessions, naming the ones the run may close', async () => {
    const cell = browserCell({ playwright: { maxSessions: 1 } });
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    expect(await run.call('browser.open', { url: `${state.sites.site.origin}/next` })).toEqual({
      isError: true,
      code: 'conflict',
      text: `1 browser session is open in this cell, the most it allows. Close one you no longer need with browser.close (yours: ${session}), or use one of them.`,
    });
    expect(await cell.run().call('browser.open', { url: `${state.sites.site.origin}/next` })).toEqual({
      isError: true,
      code: 'conflict',
      text: '1 browser session is open in this cell, the most it allows. None is yours; try again when one has closed.',
    });
    await run.call('browser.close', { session });
    expect((await run.call('browser.open', { url: `${state.sites.site.origin}/next` })).isError).toBe(false);
    await cell.stop();
  });

  it('calls on one session take turns', async () => {
    const cell = browserCell();
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    const order: string[] = [];
    await Promise.all([
      run.call('browser.wait', { session, seconds: 0.3 }).then(() => order.push('wait')),
      run.call('browser.type', { session, ref: 'e5', text: 'x' }).then(() => order.push('type')),
    ]);
    expect(order).toEqual(['wait', 'type']);
    await cell.stop();
  });

  it('a cancelled call stops waiting, and the session lives on', async () => {
    const cell = browserCell();
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    const controller = new AbortController();
    const started = Date.now();
    const waiting = run.call('browser.wait', { session, seconds: 20 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.isError).toBe(true);
    expect(result.code).toBe('aborted');
    expect((await run.call('browser.snapshot', { session })).isError).toBe(false);
    await cell.stop();
  });

  it('the cell stopping closes every session; a new cell on the same data folder finds them closed', async () => {
    const { workDir, dataDir } = dirs();
    const first = browserCell({ workDir, dataDir });
    const run = first.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    await first.stop();
    const store = storeOf(dataDir);
    expect(await store.get(session)).toMatchObject({ closedBecause: 'cell-stopped' });
    await store.close();
    const second = browserCell({ workDir, dataDir });
    await second.ready();
    expect(await second.run().call('browser.snapshot', { session })).toMatchObject({ code: 'not_found' });
    await second.stop();
  });
});

describe('the playwright field', () => {
  it('gives the browser tools only to cells that set it', () => {
    const engine = createEngine({ adapters: [playwrightAdapter] });
    const names = engine
      .createCell({ ...dirs(), playwright: {} })
      .run()
      .tools()
      .map((tool) => tool.name);
    expect(names).toEqual([
      'browser.click',
      'browser.close',
      'browser.open',
      'browser.screenshot',
      'browser.select',
      'browser.snapshot',
      'browser.type',
      'browser.wait',
    ]);
    expect(engine.createCell(dirs()).run().tools()).toEqual([]);
  });

  it('refuses a wrong field with a sentence saying what to change, and makes no cell', () => {
    const engine = createEngine({ adapters: [playwrightAdapter] });
    const make = (playwright: unknown) => () => engine.createCell({ ...dirs(), playwright: playwright as never });
    expect(make({ maxSessions: 0 })).toThrow(
      'playwright.maxSessions must be a whole number from 1 to 64 (sessions), not 0',
    );
    expect(make({ idleMs: 'soon' })).toThrow(
      'playwright.idleMs must be a whole number from 100 to 86400000 (ms), not "soon"',
    );
    expect(make({ executablePath: 'chromium' })).toThrow(
      'playwright.executablePath must be the absolute path of a Chromium or Chrome, not "chromium"',
    );
    expect(make({ tabs: 3 })).toThrow(
      "playwright has no field 'tabs'; it knows maxSessions, idleMs, timeoutMs, actionTimeoutMs, maxSnapshotChars, executablePath",
    );
    expect(make(true)).toThrow('playwright must be an object such as {} or { maxSessions: 2 }');
  });
});
