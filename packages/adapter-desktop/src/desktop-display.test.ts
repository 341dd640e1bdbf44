import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CellEvent, createEngine } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { desktopAdapter } from './desktop-adapter.js';
import { desktopCells } from './desktop-cells.js';
import { eventually, freeDisplayNumber, startXvfb, type TestDisplay } from './xvfb.test.fixture.js';

// The tools exist only while the display answers: none when there is none, listed when one comes up
// later, removed (with a warning) when it goes away.

const work = mkdtempSync(join(tmpdir(), 'desktop-display-'));
const started: TestDisplay[] = [];

afterAll(async () => {
  await Promise.all(started.map((x) => x.stop()));
  rmSync(work, { recursive: true, force: true });
});

const engine = createEngine({ adapters: [desktopAdapter] });

function sourceEvents(events: readonly CellEvent[]): { state: string; message: string }[] {
  return events.flatMap((event) =>
    event.kind === 'source' && event.sourceId === 'adapter:desktop'
      ? [{ state: event.state, message: event.message }]
      : [],
  );
}

describe('the desktop tools follow the display', () => {
  it('offers no tools when no display answers, and says so from ready()', async () => {
    const number = freeDisplayNumber();
    const cell = engine.createCell({ workDir: work, desktop: { display: `:${number}` } });
    const events: CellEvent[] = [];
    cell.onEvent((event) => events.push(event));
    const absent = `no X display answers at :${number} (there is no X server socket at /tmp/.X11-unix/X${number}); the desktop tools stay absent until one does (looked for every 2 s)`;
    await expect(cell.ready()).rejects.toThrow(`an adapter is not ready: adapter:desktop: ${absent}`);
    expect(cell.run().tools()).toEqual([]);
    const call = await cell.run().call('desktop.screenshot', {});
    expect(call).toMatchObject({ isError: true, code: 'unknown_tool' });
    expect(sourceEvents(events)).toEqual([{ state: 'down', message: absent }]);
    await cell.stop();
    expect(desktopCells.has(cell.id)).toBe(false);
  });

  it('lists the tools when the display comes up later, and removes them with a warning when it goes', async () => {
    const number = freeDisplayNumber();
    const cell = engine.createCell({ workDir: work, desktop: { display: `:${number}`, probeIntervalMs: 250 } });
    const events: CellEvent[] = [];
    cell.onEvent((event) => events.push(event));
    await expect(cell.ready()).rejects.toThrow('no X display answers');
    const x = await startXvfb({ number });
    started.push(x);
    const names = () =>
      cell
        .run()
        .tools()
        .map((tool) => tool.name);
    expect(await eventually(names, (listed) => listed.length > 0)).toEqual([
      'desktop.click',
      'desktop.key',
      'desktop.screenshot',
      'desktop.type',
      'desktop.windows',
    ]);
    expect((await cell.run().call('desktop.windows', {})).text).toBe(
      `Screen :${number} is 1024×768. No visible window with a title.`,
    );
    await x.stop();
    expect(await eventually(names, (listed) => listed.length === 0)).toEqual([]);
    expect(sourceEvents(events).slice(1)).toEqual([
      {
        state: 'ready',
        message: `the X display :${number} answers (1024×768); desktop.click, desktop.key, desktop.screenshot, desktop.type, desktop.windows are listed`,
      },
      {
        state: 'warning',
        message: `the X display :${number} stopped answering (its socket /tmp/.X11-unix/X${number} takes no connection); the desktop tools are removed until it answers again`,
      },
    ]);
    await cell.stop();
  });

  it('turns a call that finds the display gone into a clear error, and stops looking once the cell stops', async () => {
    const x = await startXvfb();
    started.push(x);
    // A long interval: only the failed call makes the adapter look again.
    const cell = engine.createCell({ workDir: work, desktop: { display: x.display, probeIntervalMs: 600_000 } });
    await cell.ready();
    const run = cell.run();
    await x.stop();
    const result = await run.call('desktop.windows', {});
    expect(result).toMatchObject({
      isError: true,
      code: 'unavailable',
      text: `The X display ${x.display} does not answer (its X server may have stopped); the desktop tools come back once it answers again.`,
    });
    expect(
      await eventually(
        () => run.tools().length,
        (count) => count === 0,
      ),
    ).toBe(0);
    await cell.stop();
    expect(desktopCells.has(cell.id)).toBe(false);
  });
});
