import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GuardProxy } from '@wesgine/runtime';
import { type ToolContext, ToolError, type ToolHandler } from '@wesgine/schema';
import type { Page, Response } from 'playwright-core';
import type { BrowserNavigateArgs } from '../../generated/types.gen.js';
import { findChromium } from './chromium-path.js';
import { type GovernedContext, openGovernedContext } from './governed-context.js';
import { pageFailure, sameOrigin, timedOut } from './navigation-error.js';
import { pageMarkdown } from './page-markdown.js';
import { capContent, type Extract, pageReport } from './page-report.js';
import { acquireBrowser } from './shared-browser.js';

export interface BrowserNavigateOptions {
  /** The browser to run; else `WESGINE_CHROMIUM_PATH`, else Chromium or Chrome found on PATH. */
  readonly executablePath?: string;
  /** For the whole call: loading, waiting and extracting. 30 s unless set. */
  readonly timeoutMs?: number;
  /** The most content characters returned. 250000 unless set. */
  readonly maxChars?: number;
}

const VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * `browser_navigate`: opens the page in a fresh context of the shared headless Chromium whose every
 * connection goes through a guard proxy (each request judged by `context.checkUrl`, connections pinned
 * to the judged addresses), waits as asked, and returns Markdown, text or a screenshot.
 */
export function browserNavigateHandler(options: BrowserNavigateOptions = {}): ToolHandler<BrowserNavigateArgs> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxChars = options.maxChars ?? 250_000;
  return async (args, context) => {
    const executablePath = options.executablePath ?? chromiumPath();
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([context.signal, deadline]);
    const waitUntil = args.wait_until ?? 'load';
    const extract: Extract = args.extract ?? 'markdown';
    const held = await acquireBrowser(executablePath, context.sandbox.mode === 'on');
    const made: { governed?: GovernedContext } = {};
    const cleanUp = async () => {
      await made.governed?.close();
    };
    const work = (async () => {
      made.governed = await openGovernedContext(held, (url) => context.checkUrl(url), { viewport: VIEWPORT });
      signal.throwIfAborted();
      const page = await made.governed.context.newPage();
      signal.throwIfAborted();
      return await visit(page, made.governed.proxy, args.url, { waitUntil, extract, maxChars, timeoutMs, context });
    })();
    try {
      return await untilAborted(work, signal);
    } catch (error) {
      if (context.signal.aborted)
        throw new ToolError('aborted', `Loading ${args.url} was cancelled.`, { cause: error });
      if (deadline.aborted) throw timedOut(args.url, waitUntil, timeoutMs, error);
      if (ToolError.isInstance(error)) throw error;
      const first = String((error as Error).message ?? error).split('\n')[0];
      throw new ToolError(
        'unavailable',
        `The browser failed while loading ${args.url} (${first}). Try again: a browser that went away is started anew.`,
        { cause: error },
      );
    } finally {
      await cleanUp();
      // Whatever the work was still creating when the call ended is closed once it is made.
      void work
        .catch(() => {})
        .then(cleanUp)
        .finally(() => held.release());
    }
  };
}

function chromiumPath(): string {
  const found = findChromium();
  if (found.path === undefined) {
    throw new ToolError('unavailable', `No browser is available, so the page was not opened. ${found.problem}`);
  }
  return found.path;
}

interface VisitOptions {
  readonly waitUntil: 'load' | 'domcontentloaded' | 'networkidle';
  readonly extract: Extract;
  readonly maxChars: number;
  readonly timeoutMs: number;
  readonly context: ToolContext;
}

async function visit(page: Page, proxy: GuardProxy, url: string, options: VisitOptions) {
  const crashed = new Promise<never>((_, reject) => {
    page.once('crash', () =>
      reject(
        new ToolError(
          'unavailable',
          `The browser tab crashed while showing ${url}; the page may be too heavy. Try another page.`,
        ),
      ),
    );
  });
  crashed.catch(() => {});
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  let response: Response | null;
  try {
    response = await Promise.race([
      page.goto(url, { waitUntil: options.waitUntil, timeout: options.timeoutMs }),
      crashed,
    ]);
  } catch (error) {
    throw pageFailure(error, url, navigations, proxy);
  }
  if (response !== null && response.headers()[proxy.marker.header] === proxy.marker.value) {
    throw pageFailure(new Error(`blocked at ${response.url()}`), url, navigations, proxy);
  }
  // A navigation the page started on its own (a script, a meta refresh) that governance refused: the
  // tab now shows the refusal, which is no page of the site.
  const refusedNavigation = leftForRefused(navigations, response?.url(), proxy);
  if (refusedNavigation !== undefined) {
    throw new ToolError(
      'denied',
      `${url} loaded, then the page went to ${refusedNavigation.url} on its own, which was refused: ${refusedNavigation.reason.replace(/\.$/, '')}. Nothing from that address was loaded.`,
      { data: { url: refusedNavigation.url } },
    );
  }
  const finalUrl = page.url();
  const title = await Promise.race([page.title(), crashed]);
  const refused = proxy.blocked.filter((blocked) => blocked.kind === 'refused');
  const base = { requested: url, finalUrl, title, status: response?.status(), extract: options.extract, refused };
  if (options.extract === 'screenshot') {
    const folder = join(options.context.dataDir, 'browser');
    mkdirSync(folder, { recursive: true });
    const path = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.png`);
    await Promise.race([page.screenshot({ path, type: 'png', timeout: options.timeoutMs }), crashed]);
    const screenshot = { path, ...VIEWPORT };
    return { text: pageReport({ ...base, screenshot }), data: { ...base, screenshot } };
  }
  const read =
    options.extract === 'markdown'
      ? page
          .evaluate(pageMarkdown, options.maxChars + 1)
          .then(({ markdown, length }) => ({ content: markdown, length }))
      : page.evaluate((max: number) => {
          const page = globalThis as unknown as { document: { body: { innerText: string } | null } };
          // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out, without hidden parts, is what is wanted
          const text = page.document.body?.innerText ?? '';
          return { content: text.slice(0, max), length: text.length };
        }, options.maxChars + 1);
  const { content, length } = await Promise.race([read, crashed]);
  const capped = capContent(content, length, options.maxChars);
  return {
    text: pageReport({ ...base, content: capped.text, length }),
    data: { ...base, length, truncated: capped.cut },
  };
}

/** The refused navigation the main frame made after the document `loaded`, if it made one. */
function leftForRefused(
  navigations: readonly string[],
  loaded: string | undefined,
  proxy: GuardProxy,
): { url: string; reason: string } | undefined {
  const at = loaded === undefined ? -1 : navigations.lastIndexOf(loaded);
  for (const later of navigations.slice(at + 1)) {
    const refused = proxy.blocked.find((blocked) => blocked.kind === 'refused' && sameOrigin(blocked.url, later));
    if (refused !== undefined) return { url: later, reason: refused.reason };
  }
  return undefined;
}

/** Waits for `work`, or rejects as soon as `signal` aborts (the caller then closes the page). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
