import { type GuardProxy, INSIDE_PROXY, type ProxyRoute, requestGate, startGuardProxy } from '@wesgine/runtime';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { LaunchedBrowser } from './shared-browser.js';

/** A browser context whose every request goes through its own guard proxy, and how to close both. */
export interface GovernedContext {
  readonly context: BrowserContext;
  /** Knows what it refused (`blocked`) and marks its own refusals (`marker`). */
  readonly proxy: GuardProxy;
  /**
   * Forgets the decisions made so far (they are kept per origin), so the next request to each origin is
   * judged afresh: a session that lives across calls judges by the rules of its latest call.
   */
  rejudge(): void;
  /** Closes the context, then the proxy; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Opens a context in `browser` whose connections all go through a fresh guard proxy that asks `judge`
 * about each URL (a refusal's reason, or `undefined` to let it through) and pins each connection to the
 * addresses it judged. A sandboxed browser reaches that proxy only through its dispatcher. The context
 * never downloads and runs no service workers; `options` adds the rest (viewport, user agent).
 */
export async function openGovernedContext(
  browser: LaunchedBrowser,
  judge: (url: string) => Promise<string | undefined>,
  options: BrowserContextOptions = {},
): Promise<GovernedContext> {
  let gate = requestGate(judge);
  const proxy = await startGuardProxy((url) => gate(url));
  let route: ProxyRoute | undefined;
  try {
    route = browser.dispatcher?.route(proxy.port);
    const server =
      route === undefined
        ? { server: proxy.server }
        : { server: INSIDE_PROXY, username: route.username, password: route.password };
    const context = await browser.browser.newContext({
      ...options,
      proxy: { ...server, bypass: '<-loopback>' },
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    let closing: Promise<void> | undefined;
    return {
      context,
      proxy,
      rejudge() {
        gate = requestGate(judge);
      },
      close() {
        closing ??= (async () => {
          await context.close().catch(() => {});
          route?.release();
          await proxy.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    route?.release();
    await proxy.close();
    throw error;
  }
}
