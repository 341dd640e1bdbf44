import { type GovernedContext, type LaunchedBrowser, openGovernedContext } from '@wesgine/builtins/browser';
import type { Page } from 'playwright-core';

/** The size of every page, so a screenshot of the visible area is always the same size. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * A browser context that has never loaded anything, with its one blank page, made before a call needs
 * it. Its guard proxy judges each request with the judge of the call that took it (`use`); until one
 * does, it refuses everything, so a context made ahead of time can never fetch on nobody's behalf.
 */
export interface FreshContext {
  readonly governed: GovernedContext;
  readonly page: Page;
  /** Hands the context to a call: from now on its requests are judged by `judge`. Once only. */
  use(judge: (url: string) => Promise<string | undefined>): void;
  close(): Promise<void>;
}

const UNCLAIMED = 'no call is using this browser context yet';

export async function openFreshContext(browser: LaunchedBrowser): Promise<FreshContext> {
  let judge: ((url: string) => Promise<string | undefined>) | undefined;
  const governed = await openGovernedContext(
    browser,
    (url) => (judge === undefined ? Promise.resolve(UNCLAIMED) : judge(url)),
    {
      viewport: VIEWPORT,
    },
  );
  try {
    const page = await governed.context.newPage();
    return {
      governed,
      page,
      use(given) {
        if (judge !== undefined) throw new Error('a browser context is used by one call only');
        judge = given;
      },
      close: () => governed.close(),
    };
  } catch (error) {
    await governed.close();
    throw error;
  }
}
