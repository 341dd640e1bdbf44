import { pageFailure, sameOrigin } from '@wesgine/builtins/browser';
import type { GuardProxy } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import type { Page } from 'playwright-core';
import type { FreshContext } from './fresh-context.js';

export type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle';

/** What a call knows once its page has loaded. */
export interface OpenedPage {
  readonly page: Page;
  readonly requested: string;
  readonly finalUrl: string;
  readonly title: string;
  readonly status: number | undefined;
  /** Requests of the page that governance refused, in order. */
  readonly refused: readonly { readonly url: string; readonly reason: string }[];
  /** Rejects when the tab crashes; race page work against it. */
  readonly crashed: Promise<never>;
}

/**
 * Loads `url` in the fresh context's page and checks that what the tab shows is the page asked for: a
 * document or redirect hop the guard proxy refused fails the call as `denied` (naming the address), as
 * does a navigation the page then starts on its own to a refused address; other failures are
 * `unavailable` in the words of `pageFailure`.
 */
export async function openPage(
  fresh: FreshContext,
  url: string,
  waitUntil: WaitUntil,
  timeoutMs: number,
): Promise<OpenedPage> {
  const { page } = fresh;
  const proxy = fresh.governed.proxy;
  const crashed = new Promise<never>((_, reject) => {
    page.once('crash', () =>
      reject(
        new ToolError(
          'unavailable',
          `The browser tab showing ${url} crashed; the page may be too heavy to open. Try another page.`,
        ),
      ),
    );
  });
  crashed.catch(() => {});
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  let response: Awaited<ReturnType<Page['goto']>>;
  try {
    response = await Promise.race([page.goto(url, { waitUntil, timeout: timeoutMs }), crashed]);
  } catch (error) {
    throw pageFailure(error, url, navigations, proxy);
  }
  if (response !== null && response.headers()[proxy.marker.header] === proxy.marker.value) {
    throw pageFailure(new Error(`refused at ${response.url()}`), url, navigations, proxy);
  }
  const wandered = refusedAfterLoad(navigations, response?.url(), proxy);
  if (wandered !== undefined) {
    throw new ToolError(
      'denied',
      `${url} loaded, but then the page tried to go on to ${wandered.url} by itself, which is not allowed: ${wandered.reason.replace(/\.$/, '')}. Nothing from that address was loaded or returned.`,
      { data: { url: wandered.url } },
    );
  }
  const title = await Promise.race([page.title(), crashed]);
  return {
    page,
    requested: url,
    finalUrl: page.url(),
    title,
    status: response?.status(),
    refused: proxy.blocked.filter((blocked) => blocked.kind === 'refused').map(({ url, reason }) => ({ url, reason })),
    crashed,
  };
}

/** A refused navigation the main frame made after the document `loaded`, if it made one. */
function refusedAfterLoad(
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
