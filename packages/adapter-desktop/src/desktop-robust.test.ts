import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, createEngine, type HumanChannel } from '@wesgine/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopAdapter } from './desktop-adapter.js';
import {
  clearLine,
  eventually,
  freeDisplayNumber,
  startXterm,
  startXvfb,
  type TestDisplay,
  type TestWindow,
  textOf,
} from './xvfb.test.fixture.js';

// Bad input, racing calls, cancellation, windows that close, the sandbox turned off, a display that
// checks cookies: each leaves the desktop as it was or says clearly what happened.

let x: TestDisplay;
let term: TestWindow;
let work: string;
let typed: string;
let cell: Cell;
const cells: Cell[] = [];
const approver: HumanChannel = { ask: async () => ({ decision: 'approve' }) };
const engine = createEngine({ adapters: [desktopAdapter] });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'desktop-robust-'));
  typed = join(work, 'typed.txt');
  x = await startXvfb();
  term = await startXterm(x, 'robust-term', typed);
  cell = engine.createCell({ workDir: work, desktop: { display: x.display } });
  cells.push(cell);
  await cell.ready();
});

beforeEach(() => clearLine(x, term));

afterAll(async () => {
  await Promise.all(cells.map((each) => each.stop()));
  await term?.stop();
  await x?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Presses Return in the xterm and returns the line its shell read. */
async function sendLine(): Promise<string> {
  const before = textOf(typed).split('\n').length;
  await cell.run({ human: approver }).call('desktop.key', { keys: 'Return', window: term.id });
  const text = await eventually(
    () => textOf(typed),
    (now) => now.split('\n').length > before,
  );
  return text.split('\n').at(-2) as string;
}

describe('desktop tools under stress', () => {
  it('refuses control characters and unknown keys with what to do instead, typing nothing', async () => {
    const run = cell.run({ human: approver });
    const control = await run.call('desktop.type', { text: 'rm -rf /\u0003', window: term.id });
    expect(control).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'text holds U+0003, a control character, at position 8; only printable text, line breaks and tabs can be typed. Press other keys with desktop.key (ctrl+c, Escape). Nothing was typed.',
    });
    const key = await run.call('desktop.key', { keys: 'x ctrl+Escap', window: term.id });
    expect(key).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(key.text).toMatch(/^"Escap" in keys is no key name this tool knows; did you mean Escape\?/);
    const lone = await run.call('desktop.type', { text: 'a\ud800b' });
    expect(lone.text).toBe(
      'text holds half of a UTF-16 surrogate pair, which is no character; send the text as valid Unicode. Nothing was typed.',
    );
    expect(await sendLine()).toBe('');
  });

  it('types two racing calls one after the other, never interleaved', async () => {
    const run = cell.run({ human: approver });
    const first = 'a'.repeat(40);
    const second = 'b'.repeat(40);
    const results = await Promise.all([
      run.call('desktop.type', { text: `${first}\n`, window: term.id }),
      run.call('desktop.type', { text: `${second}\n`, window: term.id }),
    ]);
    expect(results.map((result) => result.isError)).toEqual([false, false]);
    const lines = (
      await eventually(
        () => textOf(typed),
        (text) => text.includes(first) && text.includes(second),
      )
    )
      .split('\n')
      .filter((line) => line.startsWith('a') || line.startsWith('b'));
    expect(lines.sort()).toEqual([first, second]);
  });

  it('stops typing at once when the call is cancelled', async () => {
    const run = cell.run({ human: approver });
    const controller = new AbortController();
    const long = 'z'.repeat(2000);
    const call = run.call('desktop.type', { text: long, window: term.id }, { signal: controller.signal });
    // Typing 2,000 characters takes about 30 s; cancel once some have landed.
    await new Promise((resolve) => setTimeout(resolve, 600));
    controller.abort();
    const started = Date.now();
    expect(await call).toMatchObject({ isError: true, code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const line = await sendLine();
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThan(long.length);
    expect(new Set(line)).toEqual(new Set(['z']));
  });

  it('says a window has closed instead of typing elsewhere', async () => {
    const other = await startXterm(x, 'closing-term', join(work, 'closing.txt'));
    await other.stop();
    await eventually(
      () => {
        try {
          return execFileSync('xdotool', ['search', '--name', '^closing-term$'], { env: x.env, stdio: 'pipe' }).length;
        } catch {
          return 0;
        }
      },
      (found) => found === 0,
    );
    const result = await cell.run({ human: approver }).call('desktop.type', { text: 'lost', window: other.id });
    expect(result).toEqual({
      isError: true,
      code: 'not_found',
      text: `There is no window ${other.id} on ${x.display} (it may have closed); desktop.windows lists the open ones.`,
    });
    expect(await sendLine()).toBe('');
  });

  it('lists a window whose title has a line break on one line, quoted', async () => {
    const odd = await startXterm(x, 'line one\nline two', join(work, 'odd.txt'));
    try {
      const result = await cell.run().call('desktop.windows', { title: 'line' });
      expect(result.text).toBe(
        `Screen ${x.display} is 1024×768. 1 visible window with a title whose title contains "line" (id, title, position, size):\n- ${odd.id} "line one line two": at 0,0, 484×316`,
      );
    } finally {
      await odd.stop();
    }
  });

  it('runs the X programs directly when the cell turned its sandbox off, and every audit event says so', async () => {
    const open = engine.createCell({ workDir: work, sandbox: 'off', desktop: { display: x.display } });
    cells.push(open);
    await open.ready();
    const result = await open.run().call('desktop.windows', { title: 'robust' });
    expect(result.text).toBe(
      `Screen ${x.display} is 1024×768. 1 visible window with a title whose title contains "robust" (id, title, position, size):\n- ${term.id} "robust-term": at 0,0, 484×316`,
    );
    expect(open.auditLog().at(-1)).toMatchObject({ tool: 'desktop.windows', sandbox: 'off', outcome: 'ok' });
    expect(cell.auditLog().at(-1)?.sandbox).toBe(undefined);
  });
});

describe('a display that checks cookies', () => {
  it('is refused without the cookie file, and answers inside the sandbox with one keyed by host name', async () => {
    const number = freeDisplayNumber();
    const auth = join(work, 'Xauthority');
    // As a desktop login writes it: the cookie keyed by this host's name, which the sandbox does not have.
    execFileSync('xauth', ['-f', auth, 'add', `:${number}`, '.', execFileSync('mcookie').toString().trim()]);
    const guarded = await startXvfb({ number, auth });
    try {
      const refused = engine.createCell({
        workDir: work,
        desktop: { display: guarded.display, xauthority: '/dev/null' },
      });
      cells.push(refused);
      await expect(refused.ready()).rejects.toThrow(
        `no X display answers at ${guarded.display} (Authorization required, but no authorization protocol specified)`,
      );
      const allowed = engine.createCell({ workDir: work, desktop: { display: guarded.display, xauthority: auth } });
      cells.push(allowed);
      await allowed.ready();
      expect((await allowed.run().call('desktop.windows', {})).text).toBe(
        `Screen ${guarded.display} is 1024×768. No visible window with a title.`,
      );
    } finally {
      await guarded.stop();
    }
  });
});
