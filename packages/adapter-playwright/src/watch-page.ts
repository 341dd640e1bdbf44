import { sameOrigin } from '@wesgine/builtins/browser';
import type { BlockedRequest } from '@wesgine/runtime';
import type { Request } from 'playwright-core';
import type { BrowserSession } from './browser-session.js';

/** How long a step waits at most for the requests it started to finish before the snapshot is taken. */
const QUIET_MS = 1_500;
/** How long after a step its first requests may still be on their way here. */
const GRACE_MS = 150;

/** What the page did while one step ran: its main-frame navigations and its requests still open. */
export interface PageWatch {
  /** The URLs the main frame asked for, in order (each redirect hop too). */
  readonly navigations: readonly string[];
  /** Waits for a navigation the step started to load, then (briefly) for its requests to finish. */
  settle(timeoutMs: number): Promise<void>;
  /** The step's last navigation when governance refused it or it could not connect; else undefined. */
  stoppedNavigation(): BlockedRequest | undefined;
  stop(): void;
}

/** Starts watching the requests of the session's context (every tab); `stop()` ends it. */
export function watchPage(session: BrowserSession): PageWatch {
  const { context } = session.governed;
  const since = session.blocked.length;
  const navigations: string[] = [];
  const open = new Set<Request>();
  const onRequest = (request: Request) => {
    open.add(request);
    if (request.isNavigationRequest() && inMainFrame(request)) navigations.push(request.url());
  };
  const onDone = (request: Request) => open.delete(request);
  context.on('request', onRequest);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onDone);
  return {
    navigations,
    async settle(timeoutMs) {
      if (navigations.length > 0) {
        await session.page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
      }
      // What a step sets off reaches this process a moment later (a fetch in a click handler): give it
      // that moment, then wait (briefly) for the requests to finish.
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
      const until = Date.now() + QUIET_MS;
      while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    },
    stoppedNavigation() {
      const last = navigations.at(-1);
      if (last === undefined) return undefined;
      const blocked = session.blocked.slice(since);
      return (
        blocked.find((entry) => entry.kind === 'refused' && (entry.url === last || sameOrigin(entry.url, last))) ??
        blocked.find(
          (entry) =>
            entry.kind === 'failed' &&
            (entry.url === last ||
              (last.startsWith('https:') && new URL(entry.url).pathname === '/' && sameOrigin(entry.url, last))),
        )
      );
    },
    stop() {
      context.off('request', onRequest);
      context.off('requestfinished', onDone);
      context.off('requestfailed', onDone);
    },
  };
}

/** Whether a navigation is a tab's own (not a frame's); one whose frame is not made yet opens a new tab. */
function inMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}
