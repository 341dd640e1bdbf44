// page.read against bare Playwright on the same real pages, in the same browser, in one run. The pages
// are Debian's own HTML documentation on this machine (/usr/share/doc), served over loopback HTTP with
// their stylesheets and images, without cache validators (so a reused page cannot keep them cached).
// Cases, interleaved round by round, each reading every page once per round:
// - bare: one long-lived Playwright page in a plain context, `goto` (load) + `content()`;
// - page.read: `run.call('page.read', { url })` in a cell with the OS sandbox off, so the same unsandboxed
//   browser serves both (a fresh governed context per call, every request judged through the guard
//   proxy, the in-page Markdown converter, the report);
// - page.read text: the same, `format: 'text'`;
// - page.read (OS sandbox on): the default, Chromium in its own network namespace behind the dispatcher.
// Goal: page.read within 1.2x of bare.
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/page-read.bench.ts
import { existsSync, mkdtempSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { headlessBrowserAdapter } from '@wesgine/adapter-headless-browser';
import { builtins, closeBrowsers } from '@wesgine/builtins';
import { acquireBrowser, findChromium } from '@wesgine/builtins/browser';
import { createEngine } from '@wesgine/runtime';
import { compareAsync, table } from './_measure.js';

const ROOT = '/usr/share/doc';
/** Real pages of different shapes: a FAQ, a long manual, API reference, a policy text, a guide. */
const PAGES = [
  'xterm/xterm.faq.html',
  'socat/socat.html',
  'python3/python-policy.html',
  'libffi8/html/The-Basics.html',
  'base-passwd/users-and-groups.html',
  'zlib1g-dev/examples/zlib_how.html',
  'libxslt1-dev/html/html/libxslt-templates.html',
  'libjs-underscore/index.html',
].filter((page) => existsSync(join(ROOT, page)));
if (PAGES.length < 4) throw new Error(`too few of the bench pages exist under ${ROOT}: ${PAGES.join(', ')}`);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  const file = join(ROOT, path);
  if (!file.startsWith(`${ROOT}/`) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
    return;
  }
  response
    .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    .end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const urls = PAGES.map((page) => `${origin}/${page}`);

const executablePath = findChromium().path;
if (executablePath === undefined) throw new Error('no Chromium on this machine');
const engine = createEngine({ tools: builtins, adapters: [headlessBrowserAdapter] });
const cellOf = (sandbox: 'on' | 'off') =>
  engine.createCell({
    workDir: realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-page-bench-'))),
    network: { allowHosts: ['127.0.0.1'] },
    sandbox,
    headlessBrowser: { contexts: 2 },
  });
const plainCell = cellOf('off');
const sandboxedCell = cellOf('on');

// The bare reference: the very browser the cell with the sandbox off uses (the process's shared one).
const held = await acquireBrowser(executablePath, false);
const bareContext = await held.browser.newContext({ viewport: { width: 1280, height: 800 } });
const barePage = await bareContext.newPage();

let characters = 0;
const readAll = async (cell: typeof plainCell, format: 'markdown' | 'text') => {
  // A run per round: the cycle detector would rightly stop the same call repeated in one run.
  const run = cell.run();
  for (const url of urls) {
    const result = await run.call('page.read', { url, format });
    if (result.isError) throw new Error(`page.read ${url}: ${result.text}`);
    characters += result.text.length;
  }
};

const rows = await compareAsync(
  [
    {
      name: 'bare goto + content()',
      run: async () => {
        for (const url of urls) {
          await barePage.goto(url, { waitUntil: 'load' });
          characters += (await barePage.content()).length;
        }
      },
    },
    { name: 'page.read (markdown)', run: () => readAll(plainCell, 'markdown') },
    { name: 'page.read (text)', run: () => readAll(plainCell, 'text') },
    { name: 'page.read, OS sandbox on', run: () => readAll(sandboxedCell, 'markdown') },
  ],
  9,
);

const perPage = rows.map((row) => ({
  ...row,
  median: row.median / urls.length,
  min: row.min / urls.length,
  max: row.max / urls.length,
}));
console.log(`${urls.length} pages from ${ROOT}: ${PAGES.join(', ')}\n`);
console.log(table('page.read against bare Playwright, per page', 'ms', perPage, 'bare goto + content()'));
const ratio = (perPage[1]?.median ?? Number.NaN) / (perPage[0]?.median ?? Number.NaN);
console.log(`page.read (markdown) / bare: ${ratio.toFixed(2)}x (goal ≤ 1.20x): ${ratio <= 1.2 ? 'met' : 'NOT met'}`);
if (characters === 0) console.log('nothing was read');

await bareContext.close();
held.release();
await Promise.all([plainCell.stop(), sandboxedCell.stop()]);
await closeBrowsers();
server.close();
