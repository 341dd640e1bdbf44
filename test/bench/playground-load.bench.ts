// The playground's first load: the bytes a browser fetches to show the catalogue (html, js, css and the
// API's JSON; raw and as gzip would send them) and the time from navigation to the catalogue's first
// item on screen, on loopback, in a cold browser context each time (no cache, no service worker). The
// reference, in the same run and interleaved: the very same built files served by a plain node:http
// server, timed to their load event (the page opened without a token, so it asks for one and calls no
// API). So "load event" against the reference is what the runtime's page routes add, and "catalogue
// shown" against it is what the API calls and the React render add on top.
// Run: node --expose-gc --conditions @wesgine/source --import tsx test/bench/playground-load.bench.ts
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startPlayground } from '@wesgine/playground/server';
import type { Browser, Response } from 'playwright-core';
import { buildPage, DESKTOP, launchChromium } from '../e2e/playground/chromium.js';
import { summarise, table } from './_measure.js';

/** Cold loads per case. */
const LOADS = 21;

const REFERENCE = 'plain node:http, same files: load event';
const PAGE_LOAD = 'playground: load event';
const CATALOGUE = 'playground: catalogue shown';

interface Timing {
  readonly loadMs: number;
  readonly catalogueMs: number | undefined;
}

interface Fetched {
  readonly kind: 'html' | 'js' | 'css' | 'api' | 'other';
  readonly url: string;
  /** The body as the page reads it (decoded). */
  readonly raw: number;
  /** The body as it crossed the wire (what the server sent, compressed or not). */
  readonly sent: number;
  /** The decoded body through gzip level 6: what a compressing server would about send. */
  readonly gzip: number;
  readonly encoding: string | undefined;
}

// Marks the moment the first catalogue item is in the document, timed from navigation start, in the page.
const MARK_CATALOGUE = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="catalogue-item"]')) {
      globalThis.__catalogueShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-playground-bench-')));
const pageRoot = buildPage(join(root, 'page'));
const playground = await startPlayground({ dataDir: join(root, 'data'), port: 0, pageRoot });
const reference = await serveFiles(pageRoot);
const browser = await launchChromium();
try {
  const bytes = await firstLoadBytes(browser, playground.pageUrl);
  printBytes(bytes);
  // Warm the servers and the OS's file cache once each; every measured load is cold for the browser.
  await coldLoad(browser, reference.url, false);
  await coldLoad(browser, playground.pageUrl, true);
  const samples = { reference: [] as number[], load: [] as number[], catalogue: [] as number[] };
  for (let round = 0; round < LOADS; round++) {
    samples.reference.push((await coldLoad(browser, reference.url, false)).loadMs);
    const timed = await coldLoad(browser, playground.pageUrl, true);
    samples.load.push(timed.loadMs);
    samples.catalogue.push(timed.catalogueMs ?? Number.NaN);
  }
  const rows = [
    summarise({ name: REFERENCE, opsPerSecond: samples.reference }),
    summarise({ name: PAGE_LOAD, opsPerSecond: samples.load }),
    summarise({ name: CATALOGUE, opsPerSecond: samples.catalogue }),
  ];
  console.log(
    table(
      `Time from navigation, ${LOADS} cold loads each, 1280x800, loopback (lower is better)`,
      'ms',
      rows,
      REFERENCE,
    ),
  );
  const median = (name: string) => rows.find((row) => row.name === name)?.median ?? Number.NaN;
  console.log(
    `- the catalogue is on screen ${(median(CATALOGUE) - median(PAGE_LOAD)).toFixed(1)} ms after the load event (median): the API's answers and the render`,
  );
  console.log('- one machine runs the browser and the servers; compare ratios, not absolutes');
} finally {
  await browser.close();
  await playground.close();
  await new Promise((resolve) => reference.server.close(resolve));
  rmSync(root, { recursive: true, force: true });
}

/** One navigation in a fresh context; the playground's waits until the catalogue's first item shows. */
async function coldLoad(on: Browser, url: string, catalogue: boolean): Promise<Timing> {
  const context = await on.newContext({ viewport: DESKTOP });
  try {
    await context.addInitScript(MARK_CATALOGUE);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    if (catalogue) {
      await page.waitForFunction(
        () => (globalThis as { __catalogueShownAt?: number }).__catalogueShownAt !== undefined,
        undefined,
        {
          timeout: 30_000,
        },
      );
    }
    // The load event's end, from the navigation entry: both servers timed the same way.
    return await page.evaluate(() => {
      const scope = globalThis as unknown as {
        __catalogueShownAt?: number;
        performance: { getEntriesByType(type: string): { loadEventEnd: number }[] };
      };
      return {
        loadMs: scope.performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? Number.NaN,
        catalogueMs: scope.__catalogueShownAt,
      };
    });
  } finally {
    await context.close();
  }
}

/** Every answer of one cold load up to the catalogue, with its size as sent and as gzip would send it. */
async function firstLoadBytes(on: Browser, url: string): Promise<Fetched[]> {
  const context = await on.newContext({ viewport: DESKTOP });
  await context.addInitScript(MARK_CATALOGUE);
  const page = await context.newPage();
  const answers: Promise<Fetched | undefined>[] = [];
  page.on('response', (response) => answers.push(measured(response)));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as { __catalogueShownAt?: number }).__catalogueShownAt !== undefined);
  const fetched = (await Promise.all(answers)).filter((item): item is Fetched => item !== undefined);
  await context.close();
  return fetched;
}

async function measured(response: Response): Promise<Fetched | undefined> {
  const url = new URL(response.url());
  // The event stream never ends: it is no part of what the first load ships.
  if (url.pathname === '/events') return undefined;
  const type = response.headers()['content-type'] ?? '';
  const body = await response.body().catch(() => Buffer.alloc(0));
  const sizes = await response
    .request()
    .sizes()
    .catch((error: unknown) => {
      console.error(`no sizes for ${url.pathname}: ${String(error)}`);
      return { responseBodySize: Number.NaN };
    });
  const kind = type.includes('html')
    ? 'html'
    : type.includes('javascript')
      ? 'js'
      : type.includes('css')
        ? 'css'
        : type.includes('json')
          ? 'api'
          : 'other';
  return {
    kind,
    url: url.pathname,
    raw: body.length,
    sent: sizes.responseBodySize,
    gzip: gzipSync(body).length,
    encoding: response.headers()['content-encoding'],
  };
}

function printBytes(fetched: readonly Fetched[]): void {
  const kinds = ['html', 'js', 'css', 'api', 'other'] as const;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const lines = [
    '### Bytes of the first load, up to the catalogue shown',
    '',
    '| kind | requests | decoded | sent (body on the wire) | decoded through gzip -6 | content-encoding |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const kind of kinds) {
    const items = fetched.filter((item) => item.kind === kind);
    if (items.length === 0) continue;
    const encodings = [...new Set(items.map((item) => item.encoding ?? 'none'))].join(', ');
    lines.push(
      `| ${kind} | ${items.length} | ${kb(total(items, 'raw'))} | ${kb(total(items, 'sent'))} | ${kb(total(items, 'gzip'))} | ${encodings} |`,
    );
  }
  const page = fetched.filter((item) => item.kind === 'html' || item.kind === 'js' || item.kind === 'css');
  lines.push(
    `| **page (html+js+css)** | ${page.length} | ${kb(total(page, 'raw'))} | ${kb(total(page, 'sent'))} | ${kb(total(page, 'gzip'))} | |`,
    '',
    `- requests: ${fetched.map((item) => `${item.url} (${item.kind})`).join(', ')}`,
    '',
  );
  console.log(lines.join('\n'));
}

function total(items: readonly Fetched[], field: 'raw' | 'sent' | 'gzip'): number {
  return items.reduce((sum, item) => sum + item[field], 0);
}

/** The reference: a plain node:http server answering the built files, nothing else. */
async function serveFiles(folder: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(folder, path === '/' ? 'index.html' : path));
    if (!file.startsWith(`${folder}${sep}`) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}
