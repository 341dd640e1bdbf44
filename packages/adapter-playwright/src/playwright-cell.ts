import { randomBytes } from 'node:crypto';
import { acquireBrowser, findChromium, openGovernedContext } from '@wesgine/builtins/browser';
import type { Cell } from '@wesgine/runtime';
import { type ToolContext, ToolError } from '@wesgine/schema';
import { BrowserSession } from './browser-session.js';
import type { PlaywrightSettings } from './playwright-settings.js';
import { closedBecause } from './session-messages.js';
import type { SessionCloseReason, SessionRecord, SessionStore } from './session-store.js';

const VIEWPORT = { width: 1280, height: 800 } as const;
const CLOSED_KEPT = 1_000;

/**
 * The browser sessions of one cell: the live ones by id, the store that remembers every one, and the
 * ends they come to (their run ends, `browser.close`, idle, the cell stops).
 */
export class PlaywrightCell {
  readonly settings: PlaywrightSettings;
  readonly store: SessionStore;
  readonly #live = new Map<string, BrowserSession>();
  /** Sessions of this process that ended, newest last, so a call right after an end can say why without the store. */
  readonly #closed = new Map<string, SessionRecord>();
  /** Sessions being opened: they count against `maxSessions` before they exist. */
  #opening = 0;
  #stopped = false;
  readonly #started: Promise<unknown>;
  readonly #stopListening: () => void;

  constructor(cell: Cell, settings: PlaywrightSettings, store: SessionStore) {
    this.settings = settings;
    this.store = store;
    // Sessions a previous process left open died with it.
    this.#started = store.closeAll('cell-stopped', new Date().toISOString());
    // A cell that stops ends its runs first: the turn after, this knows whether the cell is stopping,
    // so the records say the cell stopped rather than that each run ended.
    this.#stopListening = cell.onRunEnd((runId) => {
      setImmediate(() => {
        if (this.#stopped) return;
        for (const session of [...this.#live.values()]) if (session.runId === runId) void session.end('run-ended');
      });
    });
  }

  /** Resolves once the store is in order. */
  ready(): Promise<void> {
    return this.#started.then(() => {});
  }

  /** A new session for the calling run, on a blank page of a fresh governed context; refused past `maxSessions`. */
  async open(context: ToolContext): Promise<BrowserSession> {
    await this.#started;
    if (this.#live.size + this.#opening >= this.settings.maxSessions) {
      const mine = [...this.#live.values()].filter((session) => session.runId === context.runId).map((s) => s.id);
      throw new ToolError(
        'conflict',
        `${this.settings.maxSessions} browser ${this.settings.maxSessions === 1 ? 'session is' : 'sessions are'} open in this cell, the most it allows. ` +
          (mine.length === 0
            ? 'None is yours; try again when one has closed.'
            : `Close one you no longer need with browser.close (yours: ${mine.join(', ')}), or use one of them.`),
      );
    }
    this.#opening += 1;
    try {
      const executablePath = this.settings.executablePath ?? chromiumPath();
      const browser = await acquireBrowser(executablePath, context.sandbox.mode === 'on');
      let session: BrowserSession | undefined;
      try {
        const first = (url: string) => context.checkUrl(url);
        // Until the session exists, the opening call judges; then the session's latest call does.
        const governed = await openGovernedContext(
          browser,
          (url) => (session === undefined ? first(url) : session.judge(url)),
          { viewport: VIEWPORT },
        );
        try {
          const page = await governed.context.newPage();
          session = new BrowserSession({
            id: this.#newId(),
            runId: context.runId,
            browser,
            governed,
            page,
            judge: first,
            onEnd: (ended, because) => this.#ended(ended, because),
          });
        } catch (error) {
          await governed.close();
          throw error;
        }
      } catch (error) {
        browser.release();
        throw error;
      }
      if (this.#stopped) {
        await session.end('cell-stopped');
        throw new ToolError('aborted', 'The cell stopped while the browser session was being opened.');
      }
      try {
        await this.store.add({
          id: session.id,
          runId: session.runId,
          url: 'about:blank',
          openedAt: session.openedAt,
          lastUsedAt: session.openedAt,
        });
      } catch (error) {
        await session.end('crashed');
        throw new ToolError('unavailable', `The browser session could not be recorded: ${(error as Error).message}.`, {
          cause: error,
        });
      }
      this.#live.set(session.id, session);
      return session;
    } finally {
      this.#opening -= 1;
    }
  }

  /**
   * The calling run's live session `id`, now judged by this call's rules. Another run's session is as
   * unknown as one that never was; a closed one of this run says why it closed.
   */
  async find(context: ToolContext, id: string): Promise<BrowserSession> {
    await this.#started;
    const live = this.#live.get(id);
    if (live !== undefined && live.runId === context.runId && live.ended === undefined) {
      live.use((url) => context.checkUrl(url));
      return live;
    }
    const record = this.#closed.get(id) ?? (await this.store.get(id));
    if (record !== undefined && record.runId === context.runId && record.closedBecause !== undefined) {
      throw new ToolError(
        'not_found',
        `Browser session ${id} is closed: ${closedBecause(record, this.settings.idleMs)}. Open a new one with browser.open.`,
      );
    }
    throw new ToolError(
      'not_found',
      `There is no browser session ${JSON.stringify(id)} in this run. Sessions come from browser.open, and each belongs to the run that opened it.`,
    );
  }

  /** The session was used; the store learns the page it shows now. */
  async used(session: BrowserSession): Promise<void> {
    await this.store.used(session.id, session.page.url(), new Date().toISOString());
  }

  /** Closes every session and the store; the cell calls it as it stops. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopListening();
    await this.#started.catch(() => {});
    await Promise.all([...this.#live.values()].map((session) => session.end('cell-stopped')));
    await this.store.closeAll('cell-stopped', new Date().toISOString()).catch(() => {});
    await this.store.close();
  }

  #ended(session: BrowserSession, because: SessionCloseReason): void {
    if (this.#live.get(session.id) === session) this.#live.delete(session.id);
    const at = new Date().toISOString();
    this.#closed.set(session.id, {
      id: session.id,
      runId: session.runId,
      url: session.page.url(),
      openedAt: session.openedAt,
      lastUsedAt: at,
      closedAt: at,
      closedBecause: because,
    });
    if (this.#closed.size > CLOSED_KEPT) this.#closed.delete(this.#closed.keys().next().value as string);
    void this.store.closed(session.id, because, at).catch(() => {});
  }

  #newId(): string {
    for (;;) {
      const id = `s-${randomBytes(4).toString('hex')}`;
      if (!this.#live.has(id)) return id;
    }
  }
}

function chromiumPath(): string {
  const found = findChromium();
  if (found.path === undefined) {
    throw new ToolError('unavailable', `No browser is available, so no session was opened. ${found.problem}`);
  }
  return found.path;
}
