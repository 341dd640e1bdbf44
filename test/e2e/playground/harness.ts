// The playground's browser tests drive the real page: the embedded default (`startPlayground`) on a
// fresh data folder and a free loopback port, and the system Chromium through playwright-core. One
// server and one browser per test file; each test gets its own browser context and page, and FAILS when
// the page logs a console error, throws, or any request fails or answers 4xx/5xx: the issue asks for
// "no console errors" in normal use, so a test that only looked at the happy DOM would miss them.
// Every step saves a screenshot under test/.artifacts/playground/<test>/<step>.png.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PlaygroundOptions, type RunningPlayground, startPlayground } from '@wesgine/playground/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base, expect, vi } from 'vitest';
import { buildPage, DESKTOP, type InPage, launchChromium, REPO } from './chromium.js';

export { CHROMIUM_FLAGS, DESKTOP, type InPage, PHONE, REPO } from './chromium.js';

export const ARTIFACTS = join(REPO, 'test', '.artifacts', 'playground');

// A browser test walks a real page, a real server and its child processes on a machine other suites
// share: its time limit is generous (the file's first test also builds the page and starts the browser).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** How long a test waits for the page to show something (a poll) and for one element (a locator). */
export const WAIT_MS = 15_000;
const ELEMENT_MS = 5_000;

/**
 * `expect.poll` with room for a real page on a busy machine: vitest's default second is shorter than
 * a call that waits for a server process. Speed is never what these tests judge.
 */
export const poll: typeof expect.poll = (read, options) =>
  expect.poll(read, { timeout: WAIT_MS, interval: 100, ...(typeof options === 'number' ? {} : options) });

/** What a test file shares: one playground on its own data folder, one browser. */
export interface Playground {
  readonly server: RunningPlayground;
  readonly browser: Browser;
  readonly dataDir: string;
  /** `<dataDir>/workspace`: the cell's workDir. */
  readonly workspace: string;
  /** Calls the API as the owner (the page's token): what the tests compare the page against. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** A test's page, watched for problems. */
export interface PlaygroundPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors, page errors and failed requests seen so far (the fixture fails the test on any). */
  readonly problems: string[];
  /** Every request URL the page made (the tests check the token is in none of them). */
  readonly requests: string[];
  /**
   * Opens the page as `npm start`'s printed address does (token in the fragment), then goes to `hash`
   * (`#/catalogue`, `#/tools/read/try`, ...) inside the same page.
   */
  open(hash?: string, viewport?: { width: number; height: number }): Promise<void>;
  /** Goes to another view by its fragment, as a link would. */
  go(hash: string): Promise<void>;
  /** A second tab on the same playground (its own session), watched the same way. */
  newTab(hash?: string): Promise<Page>;
  /** Saves a screenshot of `page` (this test's page by default) as `<step>.png`; checks no sideways scroll. */
  step(name: string, page?: Page): Promise<void>;
}

export const test = base.extend<{ playground: Playground; ui: PlaygroundPage }>({
  playground: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads which fixtures a fixture needs from this pattern; this one needs none.
    async ({}, use) => {
      const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-playground-e2e-')));
      const options: PlaygroundOptions = {
        dataDir: join(dataDir, 'data'),
        port: 0,
        pageRoot: buildPage(join(dataDir, 'page')),
      };
      const server = await startPlayground(options);
      const browser = await launchChromium();
      const api = async <T>(method: string, path: string, body?: unknown) => {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${server.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
      };
      try {
        await use({ server, browser, dataDir: options.dataDir, workspace: join(options.dataDir, 'workspace'), api });
      } finally {
        await browser.close();
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'file' },
  ],
  ui: async ({ playground, task }, use) => {
    const folder = join(
      ARTIFACTS,
      slug(task.file.name.replace(/^.*\//, '').replace(/\.test\.ts$/, '')),
      slug(task.name),
    );
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const context = await playground.browser.newContext({ viewport: DESKTOP });
    context.setDefaultTimeout(ELEMENT_MS);
    const problems: string[] = [];
    const requests: string[] = [];
    const bodies: Promise<void>[] = [];
    let watching = true;
    const watch = (page: Page, label: string) => {
      page.on('console', (message) => {
        if (watching && (message.type() === 'error' || message.type() === 'assert')) {
          problems.push(`${label}: console ${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => {
        if (watching) problems.push(`${label}: page error: ${error.message}`);
      });
      page.on('request', (request) => requests.push(request.url()));
      page.on('requestfailed', (request) => {
        // The page ending its own fetch (a view closing, a stream replaced) is no failure of the server.
        const reason = request.failure()?.errorText ?? 'failed';
        if (watching && reason !== 'net::ERR_ABORTED') {
          problems.push(`${label}: request failed: ${request.method()} ${request.url()} (${reason})`);
        }
      });
      page.on('response', (response) => {
        if (watching && response.status() >= 400) {
          const request = `${response.request().method()} ${response.url()}`;
          // The answer's body says why (the API's error code and sentence): keep its start.
          bodies.push(
            response
              .text()
              .catch(() => '')
              .then((body) => {
                problems.push(`${label}: ${response.status()} answer to ${request}: ${body.slice(0, 300)}`);
              }),
          );
        }
      });
    };
    const page = await context.newPage();
    watch(page, 'page');
    let tabs = 0;
    const goTo = async (target: Page, hash: string) => {
      await target.evaluate((fragment) => {
        (globalThis as unknown as InPage).location.hash = fragment;
      }, hash);
      await target.waitForFunction((fragment) => (globalThis as unknown as InPage).location.hash === fragment, hash);
    };
    const openIn = async (target: Page, hash: string) => {
      await target.goto(playground.server.pageUrl);
      // The page takes the token out of the address bar and lands on the catalogue.
      await target.waitForFunction(() => (globalThis as unknown as InPage).location.hash === '#/catalogue');
      if (hash !== '#/catalogue') await goTo(target, hash);
    };
    const ui: PlaygroundPage = {
      page,
      context,
      problems,
      requests,
      open: async (hash = '#/catalogue', viewport = DESKTOP) => {
        await page.setViewportSize(viewport);
        await openIn(page, hash);
      },
      go: (hash) => goTo(page, hash),
      newTab: async (hash = '#/catalogue') => {
        const tab = await context.newPage();
        watch(tab, `tab ${++tabs}`);
        await openIn(tab, hash);
        return tab;
      },
      step: async (name, target = page) => {
        const wide = await target.evaluate(() => {
          const root = (globalThis as unknown as InPage).document.documentElement;
          return { scroll: root.scrollWidth, width: root.clientWidth };
        });
        if (wide.scroll > wide.width) {
          problems.push(`step ${name}: the page scrolls sideways (${wide.scroll}px wide in a ${wide.width}px window)`);
        }
        await target.screenshot({ path: join(folder, `${slug(name)}.png`), fullPage: true });
      },
    };
    try {
      await use(ui);
      // Let answers in flight land before judging: a failure right at the end still counts. (The event
      // stream never ends, so "network idle" never comes: a short pause instead.)
      await page.waitForTimeout(250);
    } finally {
      // How the page was left: on a failure, what it showed when the test gave up.
      await page.screenshot({ path: join(folder, 'end.png'), fullPage: true }).catch(() => {});
      watching = false;
      await Promise.all(bodies);
      await context.close();
    }
    if (problems.length > 0) throw new Error(`the page had problems:\n- ${problems.join('\n- ')}`);
  },
});

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** A temp folder removed after the test file (for an MCP server's own files, say). */
export function tempFolder(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}
