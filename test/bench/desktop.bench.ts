// What the desktop tools cost over the bare X programs they run: each tool through run.call (validation,
// governance, an auto-approving person for the key press, the OS sandbox) against the same xdotool or
// import command started directly, on one Xvfb with an xterm, interleaved, in one run. No goal is set
// by the issue; the ratio is the price of the pipeline and bubblewrap per call.
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/desktop.bench.ts
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { desktopAdapter } from '../../packages/adapter-desktop/src/index.js';
import { startXterm, startXvfb } from '../../packages/adapter-desktop/src/xvfb.test.fixture.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { compareAsync, table } from './_measure.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'wesgine-desktop-bench-'));
const x = await startXvfb();
const term = await startXterm(x, 'bench-term', join(work, 'typed.txt'));
const engine = createEngine({ adapters: [desktopAdapter] });
const on = engine.createCell({ workDir: work, desktop: { display: x.display } });
const off = engine.createCell({ workDir: work, sandbox: 'off', desktop: { display: x.display } });
await Promise.all([on.ready(), off.ready()]);
const human = { ask: async () => ({ decision: 'approve' as const }) };

async function ok(result: Promise<{ isError: boolean; text: string }>): Promise<void> {
  const { isError, text } = await result;
  if (isError) throw new Error(text);
}

const xdotool = (...args: string[]) => run('/usr/bin/xdotool', args, { env: x.env, encoding: 'buffer' });
const ROUNDS = 15;

const groups = [
  {
    title: 'desktop.windows (one xdotool run: search, geometry and titles)',
    reference: 'xdotool direct',
    jobs: [
      {
        name: 'xdotool direct',
        run: () =>
          xdotool(
            ...['getdisplaygeometry', 'search', '--onlyvisible', '--name', '.'],
            ...['getwindowgeometry', '--shell', '%@', 'getwindowname', '%@'],
          ),
      },
      { name: 'run.call, sandbox off', run: () => ok(off.run().call('desktop.windows', {})) },
      { name: 'run.call, sandbox on', run: () => ok(on.run().call('desktop.windows', {})) },
    ],
  },
  {
    title: 'desktop.screenshot of the whole 1024×768 screen',
    reference: 'import direct',
    jobs: [
      {
        name: 'import direct',
        run: () => run('/usr/bin/import', ['-silent', '-window', 'root', 'png:-'], { env: x.env, encoding: 'buffer' }),
      },
      { name: 'run.call, sandbox off', run: () => ok(off.run().call('desktop.screenshot', {})) },
      { name: 'run.call, sandbox on', run: () => ok(on.run().call('desktop.screenshot', {})) },
    ],
  },
  {
    title: 'desktop.key shift into the xterm (focus, then the key; approved by a person at once)',
    reference: 'xdotool direct',
    jobs: [
      {
        name: 'xdotool direct',
        run: () =>
          xdotool(
            ...['getwindowname', String(term.id), 'windowfocus', '--sync', String(term.id)],
            ...['key', '--delay', '12', '--', 'shift'],
          ),
      },
      {
        name: 'run.call, sandbox off',
        run: () => ok(off.run({ human }).call('desktop.key', { keys: 'shift', window: term.id })),
      },
      {
        name: 'run.call, sandbox on',
        run: () => ok(on.run({ human }).call('desktop.key', { keys: 'shift', window: term.id })),
      },
    ],
  },
];

try {
  for (const group of groups) {
    const rows = await compareAsync(group.jobs, ROUNDS);
    console.log(table(group.title, 'ms per call', rows, group.reference));
  }
} finally {
  await Promise.all([on.stop(), off.stop()]);
  await term.stop();
  await x.stop();
  rmSync(work, { recursive: true, force: true });
}
