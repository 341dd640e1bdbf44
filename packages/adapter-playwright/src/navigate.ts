import { pageFailure, timedOut } from '@wesgine/builtins/browser';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { BrowserSession } from './browser-session.js';
import type { PlaywrightCell } from './playwright-cell.js';
import { report, type StepResult } from './session-step.js';
import { watchPage } from './watch-page.js';

export type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle';

/**
 * Loads `url` in the session's tab and reports the page. A refusal (the address, a redirect hop, or a
 * navigation the page then starts on its own) fails the call as `denied`, naming the address; the tab of
 * a session that showed a page before goes back to it.
 */
export async function navigate(
  context: ToolContext,
  session: BrowserSession,
  cell: PlaywrightCell,
  url: string,
  waitUntil: WaitUntil,
): Promise<StepResult> {
  const since = session.blocked.length;
  const before = session.page.url();
  const { timeoutMs } = cell.settings;
  const watch = watchPage(session);
  const proxy = session.governed.proxy;
  const view = () => ({ ...proxy, blocked: proxy.blocked.slice(since) });
  const goBack = async () => {
    if (before !== 'about:blank' && session.page.url() !== before) {
      await session.page.goBack({ waitUntil: 'load', timeout: timeoutMs }).catch(() => {});
    }
    session.leftRefusal();
  };
  const wentOnItsOwn = (went: string, reason: string) =>
    new ToolError(
      'denied',
      `${url} loaded, then the page went to ${went} on its own, which was refused: ${reason.replace(/\.$/, '')}. Nothing from that address was loaded.`,
      { data: { url: went } },
    );
  try {
    let status: number | undefined;
    try {
      const response = await session.page.goto(url, { waitUntil, timeout: timeoutMs, signal: context.signal });
      if (response !== null && response.headers()[proxy.marker.header] === proxy.marker.value) {
        throw pageFailure(new Error(`blocked at ${response.url()}`), url, watch.navigations, view());
      }
      status = response?.status();
    } catch (error) {
      await goBack();
      if (context.signal.aborted) throw new ToolError('aborted', `Loading ${url} was cancelled.`, { cause: error });
      if (ToolError.isInstance(error)) throw error;
      if (/Timeout \d+ms exceeded/.test(String((error as Error).message))) {
        throw timedOut(url, waitUntil, timeoutMs, error);
      }
      throw pageFailure(error, url, watch.navigations, view());
    }
    await watch.settle(timeoutMs);
    const stopped = watch.stoppedNavigation();
    if (stopped !== undefined && stopped.kind === 'refused') {
      const went = watch.navigations.at(-1) ?? stopped.url;
      await goBack();
      throw wentOnItsOwn(went, stopped.reason);
    }
    const moved = session.page.url() === url ? '' : ` (it ended at ${session.page.url()})`;
    const shown = status === undefined || status < 400 ? '' : ` The server answered ${status}.`;
    try {
      return await report(session, cell, [`Opened ${url}${moved}.${shown}`], since);
    } catch (error) {
      // The page left for a refused address while it was being read: the same refusal, in this step's words.
      const data = ToolError.isInstance(error) ? (error.data as { url?: string; onItsOwn?: boolean }) : undefined;
      if (data?.onItsOwn !== true || data.url === undefined) throw error;
      const reason = session.blocked.find((entry) => entry.url === data.url)?.reason ?? 'it is not allowed';
      throw wentOnItsOwn(data.url, reason);
    }
  } finally {
    watch.stop();
  }
}
