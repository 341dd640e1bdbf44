import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, createEngine, type HumanChannel } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopAdapter } from './desktop-adapter.js';
import {
  buttonPresses,
  eventually,
  regionStats,
  startXev,
  startXterm,
  startXvfb,
  type TestDisplay,
  type TestWindow,
  textOf,
} from './xvfb.test.fixture.js';

let x: TestDisplay;
let term: TestWindow;
let xev: Awaited<ReturnType<typeof startXev>>;
let cell: Cell;
let work: string;
let data: string;
let typed: string;

/** A person who approves every call (the asking itself is tested in desktop-ask.test.ts). */
const approver: HumanChannel = { ask: async () => ({ decision: 'approve' }) };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'desktop-work-'));
  data = mkdtempSync(join(tmpdir(), 'desktop-data-'));
  typed = join(work, 'typed.txt');
  x = await startXvfb();
  [term, xev] = await Promise.all([startXterm(x, 'probe-term', typed), startXev(x, 'click-target')]);
  cell = createEngine({ adapters: [desktopAdapter] }).createCell({
    workDir: work,
    dataDir: data,
    desktop: { display: x.display },
  });
  await cell.ready();
});

afterAll(async () => {
  await cell?.stop();
  await Promise.all([term?.stop(), xev?.stop()]);
  await x?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('desktop tools on a real X display (Xvfb, inside the OS sandbox)', () => {
  it('lists the five tools once the display answers', () => {
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).toEqual(['desktop.click', 'desktop.key', 'desktop.screenshot', 'desktop.type', 'desktop.windows']);
  });

  it('lists the visible windows with their ids, titles and geometry', async () => {
    const result = await cell.run().call('desktop.windows', {});
    expect(result.isError).toBe(false);
    const lines = result.text.split('\n');
    expect(lines[0]).toBe(
      `Screen ${x.display} is 1024×768. 2 visible windows with a title (id, title, position, size):`,
    );
    expect(lines.slice(1).sort()).toEqual(
      [`- ${term.id} "probe-term": at 0,0, 484×316`, `- ${xev.id} "click-target": at 500,300, 200×150`].sort(),
    );
    const filtered = await cell.run().call('desktop.windows', { title: 'PROBE' });
    expect(filtered.text).toBe(
      `Screen ${x.display} is 1024×768. 1 visible window with a title whose title contains "PROBE" (id, title, position, size):\n- ${term.id} "probe-term": at 0,0, 484×316`,
    );
    const none = await cell.run().call('desktop.windows', { title: 'no such window' });
    expect(none.text).toBe(
      `Screen ${x.display} is 1024×768. No visible window with a title whose title contains "no such window".`,
    );
  });

  it('takes a screenshot of the whole screen: a PNG, white where the xterm is, black elsewhere', async () => {
    const result = await cell.run().call('desktop.screenshot', {});
    const { path, bytes } = result.data as { path: string; bytes: number };
    expect(result.isError).toBe(false);
    expect(path.startsWith(join(data, 'desktop', 'screenshots'))).toBe(true);
    expect(result.text).toBe(
      `Screenshot of the whole screen of ${x.display} (1024×768 pixels, PNG, ${bytes.toLocaleString('en-US')} bytes) saved to ${path}`,
    );
    expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(statSync(path).size).toBe(bytes);
    const xterm = regionStats(path, { x: 0, y: 0, width: 484, height: 316 });
    expect(xterm.mean).toBeGreaterThan(0.8);
    expect(xterm.deviation).toBeGreaterThan(0.01); // the prompt-less cursor and any text are dark
    expect(regionStats(path, { x: 0, y: 400, width: 480, height: 360 })).toEqual({ mean: 0, deviation: 0 });
  });

  it('takes a screenshot of one window into the work folder, and refuses a path outside it', async () => {
    const result = await cell.run().call('desktop.screenshot', { window: term.id, save_to: 'shots/term.png' });
    const target = join(work, 'shots', 'term.png');
    const bytes = statSync(target).size;
    expect(result.text).toBe(
      `Screenshot of window ${term.id} "probe-term" (484×316 pixels, PNG, ${bytes.toLocaleString('en-US')} bytes) saved to ${target}`,
    );
    const outside = await cell.run().call('desktop.screenshot', { save_to: '/etc/desktop-shot.png' });
    expect(outside.isError).toBe(true);
    expect(outside.code).toBe('path_not_allowed');
    expect(existsSync('/etc/desktop-shot.png')).toBe(false);
    const notPng = await cell.run().call('desktop.screenshot', { save_to: 'shot.jpg' });
    expect(notPng.code).toBe('invalid_arguments');
    expect(existsSync(join(work, 'shot.jpg'))).toBe(false);
  });

  it('says a window does not exist, without writing a file', async () => {
    const result = await cell.run().call('desktop.screenshot', { window: 12345, save_to: 'none.png' });
    expect(result).toMatchObject({
      isError: true,
      code: 'not_found',
      text: `There is no window 12345 on ${x.display} (it may have closed); desktop.windows lists the open ones.`,
    });
    expect(existsSync(join(work, 'none.png'))).toBe(false);
  });

  it('types into the xterm, and the keys it presses land there too', async () => {
    const run = cell.run({ human: approver });
    const typedResult = await run.call('desktop.type', { text: '-n héllo ✓ wörld "$HOME"', window: term.id });
    expect(typedResult).toEqual({
      isError: false,
      text: `Typed 24 characters into window ${term.id} "probe-term".`,
      data: { characters: 24, window: term.id },
    });
    const pressed = await run.call('desktop.key', { keys: 'Return', window: term.id });
    expect(pressed.text).toBe(`Pressed Return in window ${term.id} "probe-term".`);
    expect(
      await eventually(
        () => textOf(typed),
        (text) => text.includes('\n'),
      ),
    ).toBe('-n héllo ✓ wörld "$HOME"\n');
    // A modifier combination (ctrl+u, the tty's kill: the line so far is dropped), BackSpace twice, then
    // a key and Return, the pair twice.
    await run.call('desktop.type', { text: 'dropped' });
    expect((await run.call('desktop.key', { keys: 'ctrl+u' })).text).toBe(
      'Pressed ctrl+u in the window that had the focus.',
    );
    await run.call('desktop.type', { text: 'abcde' });
    await run.call('desktop.key', { keys: 'BackSpace BackSpace' });
    const twice = await run.call('desktop.key', { keys: 'x enter', repeat: 2 });
    expect(twice.text).toBe('Pressed x Return (2 times) in the window that had the focus.');
    expect(
      await eventually(
        () => textOf(typed),
        (text) => text.split('\n').length >= 4,
      ),
    ).toBe('-n héllo ✓ wörld "$HOME"\nabcx\nx\n');
  });

  it('clicks where it is told, on the screen or relative to a window', async () => {
    const run = cell.run({ human: approver });
    const onScreen = await run.call('desktop.click', { x: 550, y: 350 });
    expect(onScreen.text).toBe(`Clicked the left button at 550,350 on the screen of ${x.display}.`);
    const inWindow = await run.call('desktop.click', { x: 10, y: 20, window: xev.id, button: 'right', double: true });
    expect(inWindow.text).toBe(
      `Double-clicked the right button at 10,20 in window ${xev.id} "click-target" (which is at 500,300 on the screen).`,
    );
    const presses = await eventually(
      () => buttonPresses(xev.output()),
      (found) => found.length >= 3,
    );
    // xev's window has a border of 2 pixels: the screen's 550,350 is 48,48 inside it.
    expect(presses.map(({ button, x, y }) => ({ button, x, y }))).toEqual([
      { button: 1, x: 48, y: 48 },
      { button: 3, x: 10, y: 20 },
      { button: 3, x: 10, y: 20 },
    ]);
    const outside = await run.call('desktop.click', { x: 1024, y: 10 });
    expect(outside).toMatchObject({
      isError: true,
      code: 'invalid_arguments',
      text: 'The point 1024,10 is outside the screen (1024×768); x must be below 1024 and y below 768. Nothing was clicked.',
    });
    const outsideWindow = await run.call('desktop.click', { x: 5, y: 150, window: xev.id });
    expect(outsideWindow.text).toBe(
      `The point 5,150 is outside window ${xev.id} "click-target" (200×150); x must be below 200 and y below 150. Nothing was clicked.`,
    );
    expect(buttonPresses(xev.output())).toHaveLength(3);
  });
});
