import { timedOut } from '@wesgine/builtins/browser';
import { type ToolContext, ToolError } from '@wesgine/schema';
import { cellBrowser } from './cell-pools.js';
import { type OpenedPage, openPage, type WaitUntil } from './open-page.js';

/**
 * One page tool's call: a fresh context from the cell's pool (waiting for a free one counts against
 * the call's time), the page opened and checked, then `work` on it, all ended as soon as the call is
 * cancelled or its time runs out. Every request the page makes is judged by this call's `checkUrl`.
 */
export async function withPage<T>(
  context: ToolContext,
  url: string,
  waitUntil: WaitUntil,
  work: (opened: OpenedPage, timeoutMs: number) => Promise<T>,
): Promise<T> {
  const { pool, timeoutMs } = cellBrowser(context.cellId);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([context.signal, deadline]);
  let phase: 'waiting' | 'starting' | 'loading' = 'waiting';
  try {
    return await pool.use(
      context.sandbox.mode === 'on',
      signal,
      async (fresh) => {
        fresh.use((address) => context.checkUrl(address));
        phase = 'loading';
        const opened = await openPage(fresh, url, waitUntil, timeoutMs);
        return await work(opened, timeoutMs);
      },
      () => {
        phase = 'starting';
      },
    );
  } catch (error) {
    if (context.signal.aborted)
      throw new ToolError('aborted', `The call was cancelled, so ${url} was left unread.`, { cause: error });
    if (deadline.aborted) {
      const seconds = `${timeoutMs / 1000} s`;
      if (phase === 'waiting') {
        throw new ToolError(
          'timeout',
          `Every page of this cell's headless browser stayed busy for ${seconds}, so ${url} was never opened. Try again when fewer pages are being read.`,
          { cause: error },
        );
      }
      if (phase === 'starting') {
        throw new ToolError(
          'timeout',
          `The headless browser did not start within ${seconds}, so ${url} was never opened. Try again; if it keeps happening, check that Chromium runs on this machine.`,
          { cause: error },
        );
      }
      throw timedOut(url, waitUntil, timeoutMs, error);
    }
    if (ToolError.isInstance(error)) throw error;
    const first = String((error as Error)?.message ?? error).split('\n')[0];
    throw new ToolError(
      'unavailable',
      `The headless browser failed while opening ${url} (${first}). Try again: a browser that went away is started anew.`,
      { cause: error },
    );
  }
}
