import { type ToolContext, ToolError } from '@wesgine/schema';
import type { Locator } from 'playwright-core';
import { actionFailure } from './action-failure.js';
import type { BrowserSession } from './browser-session.js';
import { cellState } from './cell-states.js';
import { ariaTree, namedRef, sessionReport } from './page-snapshot.js';
import type { PlaywrightCell } from './playwright-cell.js';
import { watchPage } from './watch-page.js';

export interface StepResult {
  readonly text: string;
  readonly data: Record<string, unknown>;
}

/**
 * Runs one call on one of the run's sessions: found (or refused) by id, judged by this call's rules,
 * after the session's earlier calls, the store told it was used.
 */
export async function sessionStep(
  context: ToolContext,
  id: string,
  step: (session: BrowserSession, cell: PlaywrightCell) => Promise<StepResult>,
): Promise<StepResult> {
  const cell = cellState(context);
  const session = await cell.find(context, id);
  return session.exclusive(cell.settings.idleMs, async () => {
    // It may have ended while this call waited for its turn: then say why.
    if (session.ended !== undefined) await cell.find(context, id);
    try {
      return await step(session, cell);
    } finally {
      // The record of when it was last used need not hold the answer up.
      if (session.ended === undefined) void cell.used(session).catch(() => {});
    }
  });
}

/** The session's page now, as the model reads it, with `notes` first and the refusals since `since`. */
export async function report(
  session: BrowserSession,
  cell: PlaywrightCell,
  notes: readonly string[],
  since: number,
): Promise<StepResult> {
  const { page } = session;
  // Whatever step this is, a tab that shows a refusal went there on its own: back, and say so.
  await leaveRefusal(session, cell);
  const [snapshot, title] = await Promise.all([ariaTree(page, cell.settings.timeoutMs), page.title().catch(() => '')]);
  // It may have gone while the snapshot was taken.
  await leaveRefusal(session, cell);
  session.snapshot = snapshot;
  const blocked = session.blocked.slice(since).filter((entry) => entry.kind === 'refused');
  const url = page.url();
  const text = sessionReport({
    session: session.id,
    url,
    title,
    notes: [...notes, ...session.takeNotes()].filter((note) => note !== ''),
    refused: blocked,
    snapshot,
    maxChars: cell.settings.maxSnapshotChars,
  });
  return { text, data: { session: session.id, url, title, refused: blocked, snapshotChars: snapshot.length } };
}

const REF = /^(?:f\d+)?e\d+$/;

/** The element `ref` names on the page now; a malformed ref or one the page no longer has is refused. */
export async function elementOf(session: BrowserSession, ref: string): Promise<{ locator: Locator; target: string }> {
  if (!REF.test(ref)) {
    throw new ToolError(
      'invalid_arguments',
      `${JSON.stringify(ref)} is not a ref; give one as the snapshot shows it in [ref=…], such as e12.`,
    );
  }
  const locator = session.page.getByRef(ref);
  if ((await locator.count().catch(() => 0)) === 0) {
    throw new ToolError(
      'not_found',
      `No element ${ref} is on the page now: the page changed since the snapshot that showed it, or no snapshot did. Take browser.snapshot and use a ref from it.`,
    );
  }
  return { locator, target: namedRef(session.snapshot, ref) };
}

/**
 * Does one thing to the page (`work`), waits for what it set off, and reports the page. When the step led
 * the page to an address governance refused (a link, a form, a redirect) or one that could not be
 * reached, the tab goes back to where it was and the call fails saying so.
 */
export async function act(
  context: ToolContext,
  session: BrowserSession,
  cell: PlaywrightCell,
  doing: { readonly verb: string; readonly gerund: string; readonly target: string; readonly done: string },
  work: (signal: AbortSignal) => Promise<void>,
): Promise<StepResult> {
  const since = session.blocked.length;
  const before = session.page.url();
  const watch = watchPage(session);
  try {
    try {
      await work(context.signal);
    } catch (error) {
      throw actionFailure(error, doing.verb, doing.target, cell.settings.actionTimeoutMs, context.signal);
    }
    await watch.settle(cell.settings.timeoutMs);
    const stopped = watch.stoppedNavigation();
    if (stopped !== undefined) {
      const where = watch.navigations.at(-1) ?? stopped.url;
      if (session.page.url() !== before) {
        await session.page.goBack({ waitUntil: 'load', timeout: cell.settings.timeoutMs }).catch(() => {});
      }
      session.leftRefusal();
      const reason = stopped.reason.replace(/\.$/, '');
      const still = `the page is still ${session.page.url()}`;
      throw stopped.kind === 'refused'
        ? new ToolError(
            'denied',
            `${capital(doing.gerund)} ${doing.target} led to ${where}, which was refused: ${reason}. Nothing from that address was loaded; ${still}.`,
            { data: { url: where } },
          )
        : new ToolError(
            'unavailable',
            `${capital(doing.gerund)} ${doing.target} led to ${where}, which could not be loaded: ${reason}; ${still}.`,
            { data: { url: where } },
          );
    }
  } finally {
    watch.stop();
  }
  const moved = session.page.url() !== before ? ` The page is now ${session.page.url()}.` : '';
  return report(session, cell, [`${doing.done}.${moved}`], since);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** When the tab shows a refused document, goes back and fails the call as `denied`, naming the address. */
async function leaveRefusal(session: BrowserSession, cell: PlaywrightCell): Promise<void> {
  const refused = session.refusedDocument();
  if (refused === undefined) return;
  const { page } = session;
  await page.goBack({ waitUntil: 'load', timeout: cell.settings.timeoutMs }).catch(() => null);
  session.leftRefusal();
  const back = page.url() === refused.url ? '' : `; the page is back at ${page.url()}`;
  throw new ToolError(
    'denied',
    `The page went to ${refused.url} on its own, which was refused: ${refused.reason.replace(/\.$/, '')}. Nothing from that address was loaded${back}.`,
    { data: { url: refused.url, onItsOwn: true } },
  );
}
