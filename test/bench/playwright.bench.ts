// What the playwright adapter's governance costs a step: `browser.snapshot` and `browser.click` through
// `run.call` (pipeline, session lookup, guard proxy, report) against bare Playwright on the same page in
// the same Chromium (outside the OS sandbox, which the bare reference could not reach the page from) (`ariaSnapshot({ mode: 'ai' })`, and `getByRef(ref).click()` followed by a
// snapshot), and `browser.open` against a bare `newContext` + `goto` + snapshot. Interleaved rounds, medians.
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/playwright.bench.ts
import { mkdtempSync, realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightAdapter } from '../../packages/adapter-playwright/src/index.js';
import { acquireBrowser, closeBrowsers, findChromium } from '../../packages/builtins/src/browser/index.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { compareAsync, table } from './_measure.js';

const PAGE = `<!doctype html><title>Bench</title><h1>Orders</h1><ul>${Array.from(
  { length: 60 },
  (_, i) =>
    `<li><a href="#o${i}">Order ${i}</a> <button onclick="this.textContent = 'Done ${i}'">Mark ${i}</button></li>`,
).join('')}</ul>`;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-pw-bench-')));
const cell = createEngine({ adapters: [playwrightAdapter] }).createCell({
  workDir: root,
  dataDir: join(root, 'data'),
  network: { allowHosts: ['127.0.0.1'] },
  playwright: { maxSessions: 64 },
  // The bare reference cannot reach the page from the sandbox's own network namespace: both use the
  // plain browser, so what is measured is the adapter, its pipeline and its guard proxy.
  sandbox: 'off',
});
const run = cell.run();
const opened = await run.call('browser.open', { url });
const session = (opened.data as { session: string }).session;

const chromium = findChromium().path;
if (chromium === undefined) throw new Error('no Chromium');
const held = await acquireBrowser(chromium, false);
const bare = await held.browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await bare.newPage();
await page.goto(url);
await page.ariaSnapshot({ mode: 'ai' });

const ROUNDS = 21;

function refOf(snapshot: string, index: number): string {
  const ref = new RegExp(`button "(?:Mark|Done) ${index}" \\[ref=([^\\]]+)\\]`).exec(snapshot)?.[1];
  if (ref === undefined) throw new Error(`no button ${index}`);
  return ref;
}
let turn = 0;
const snapshots = await compareAsync(
  [
    { name: 'bare ariaSnapshot', run: () => page.ariaSnapshot({ mode: 'ai' }) },
    {
      name: 'browser.snapshot',
      run: async () => {
        // A new user turn each time, or the CycleDetector would (rightly) stop the same call repeated.
        run.userTurn();
        const result = await run.call('browser.snapshot', { session });
        if (result.isError) throw new Error(result.text);
        return result;
      },
    },
  ],
  ROUNDS,
);
const clicks = await compareAsync(
  [
    {
      name: 'bare snapshot + click + snapshot',
      run: async () => {
        const snapshot = await page.ariaSnapshot({ mode: 'ai' });
        const ref = refOf(snapshot, turn % 60);
        await page.getByRef(ref).click();
        return page.ariaSnapshot({ mode: 'ai' });
      },
    },
    {
      name: 'browser.snapshot + browser.click',
      run: async () => {
        run.userTurn();
        const snapshot = await run.call('browser.snapshot', { session });
        const result = await run.call('browser.click', { session, ref: refOf(snapshot.text, turn++ % 60) });
        if (result.isError) throw new Error(result.text);
        return result;
      },
    },
  ],
  ROUNDS,
);
const opens = await compareAsync(
  [
    {
      name: 'bare newContext + goto + snapshot',
      run: async () => {
        const context = await held.browser.newContext({ viewport: { width: 1280, height: 800 } });
        const fresh = await context.newPage();
        await fresh.goto(url);
        await fresh.ariaSnapshot({ mode: 'ai' });
        await context.close();
      },
    },
    {
      name: 'browser.open + browser.close',
      run: async () => {
        run.userTurn();
        const result = await run.call('browser.open', { url });
        await run.call('browser.close', { session: (result.data as { session: string }).session });
      },
    },
  ],
  ROUNDS,
);
console.log(
  table(`Milliseconds per snapshot, median of ${ROUNDS} (lower is better)`, 'ms', snapshots, 'bare ariaSnapshot'),
);
console.log(
  table(
    `Milliseconds per snapshot and click (the adapter's click waits 150 ms for what it set off), median of ${ROUNDS}`,
    'ms',
    clicks,
    'bare snapshot + click + snapshot',
  ),
);
console.log(
  table(`Milliseconds per page opened, median of ${ROUNDS}`, 'ms', opens, 'bare newContext + goto + snapshot'),
);
await bare.close();
held.release();
await cell.stop();
await closeBrowsers();
server.close();
