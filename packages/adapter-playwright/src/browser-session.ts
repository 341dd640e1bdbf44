import { type GovernedContext, type LaunchedBrowser, sameOrigin } from '@wesgine/builtins/browser';
import type { BlockedRequest } from '@wesgine/runtime';
import type { Dialog, Page } from 'playwright-core';
import type { SessionCloseReason } from './session-store.js';

/** The URL judge of one call: a refusal's reason, or `undefined` to let the request through. */
export type UrlJudge = (url: string) => Promise<string | undefined>;

/**
 * One live browser session: a governed context of the shared Chromium with one page, owned by one run.
 * Its calls take turns (`exclusive`), so two calls never drive the page at once. The judge of its
 * requests is the latest call's (`use`), so a page's later requests are judged by the rules of the call
 * that is driving it.
 */
export class BrowserSession {
  readonly id: string;
  readonly runId: string;
  readonly openedAt: string;
  readonly governed: GovernedContext;
  #page: Page;
  #judge: UrlJudge;
  #turn: Promise<unknown> = Promise.resolve();
  #notes: string[] = [];
  #idle: NodeJS.Timeout | undefined;
  #ended: SessionCloseReason | undefined;
  readonly #release: () => void;
  readonly #onEnd: (session: BrowserSession, because: SessionCloseReason) => void;
  /** The latest snapshot taken of the page: what its refs mean. */
  snapshot = '';

  constructor(options: {
    readonly id: string;
    readonly runId: string;
    readonly browser: LaunchedBrowser & { release(): void };
    readonly governed: GovernedContext;
    readonly page: Page;
    readonly judge: UrlJudge;
    readonly onEnd: (session: BrowserSession, because: SessionCloseReason) => void;
  }) {
    this.id = options.id;
    this.runId = options.runId;
    this.openedAt = new Date().toISOString();
    this.governed = options.governed;
    this.#page = options.page;
    this.#judge = options.judge;
    this.#release = options.browser.release;
    this.#onEnd = options.onEnd;
    this.#watch(options.page);
    // A link or a script that opens a new tab: the session follows it, and the old tab goes.
    options.governed.context.on('page', (page) => {
      if (this.#ended !== undefined) return;
      const previous = this.#page;
      this.#page = page;
      this.#watch(page);
      this.#notes.push('The page opened a new tab; the session now shows it (the previous tab was closed).');
      void previous.close().catch(() => {});
    });
    this.#browser = options.browser.browser;
    this.#browser.once('disconnected', this.#disconnected);
  }

  readonly #browser: LaunchedBrowser['browser'];
  readonly #disconnected = () => void this.end('crashed');

  get page(): Page {
    return this.#page;
  }

  /** Why it ended, once it has. */
  get ended(): SessionCloseReason | undefined {
    return this.#ended;
  }

  /** Requests governance refused, for the whole session; a call reads those after its start. */
  get blocked(): readonly BlockedRequest[] {
    return this.governed.proxy.blocked;
  }

  judge(url: string): Promise<string | undefined> {
    return this.#judge(url);
  }

  /** The latest call's judge judges what the page asks for from now on. */
  use(judge: UrlJudge): void {
    this.#judge = judge;
    this.governed.rejudge();
  }

  /** What happened on the page since the last report (dialogs answered, a new tab), and forgets it. */
  takeNotes(): string[] {
    const notes = this.#notes;
    this.#notes = [];
    return notes;
  }

  /** Runs `work` after the session's earlier calls have finished, with the idle timer stopped meanwhile. */
  exclusive<T>(idleMs: number, work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(async () => {
      clearTimeout(this.#idle);
      try {
        return await work();
      } finally {
        if (this.#ended === undefined) {
          this.#idle = setTimeout(() => this.end('idle'), idleMs);
          this.#idle.unref();
        }
      }
    });
    this.#turn = run.catch(() => {});
    return run;
  }

  /** Closes the tab, the context and its proxy, and lets go of the browser; the first reason is kept. */
  end(because: SessionCloseReason): Promise<void> {
    if (this.#ended !== undefined) return this.governed.close();
    this.#ended = because;
    clearTimeout(this.#idle);
    this.#browser.off('disconnected', this.#disconnected);
    this.#onEnd(this, because);
    return this.governed.close().finally(this.#release);
  }

  /**
   * The document the tab shows when it is no page of a site but the proxy's refusal (or the browser's
   * error page for a connection governance stopped): a navigation the page made on its own, at any time.
   */
  refusedDocument(): { readonly url: string; readonly reason: string } | undefined {
    const shown = this.#document;
    if (shown === undefined || shown.page !== this.#page || this.#page.url() !== shown.url) return undefined;
    const found = this.blocked.find(
      (entry) => entry.kind === 'refused' && (entry.url === shown.url || sameOrigin(entry.url, shown.url)),
    );
    return found === undefined ? undefined : { url: shown.url, reason: found.reason };
  }

  /** The tab went back from a refused document. */
  leftRefusal(): void {
    this.#document = undefined;
  }

  #document: { readonly page: Page; readonly url: string } | undefined;

  #watch(page: Page): void {
    const { marker } = this.governed.proxy;
    page.on('response', (response) => {
      const request = response.request();
      if (!request.isNavigationRequest() || response.frame() !== page.mainFrame()) return;
      this.#document = response.headers()[marker.header] === marker.value ? { page, url: response.url() } : undefined;
    });
    page.on('requestfailed', (request) => {
      if (!request.isNavigationRequest()) return;
      try {
        if (request.frame() !== page.mainFrame()) return;
      } catch {
        return;
      }
      this.#document = { page, url: request.url() };
    });
    page.on('dialog', (dialog) => void this.#answer(dialog));
    page.once('crash', () => void this.end('crashed'));
  }

  /** Dialogs would stop the page: an alert is acknowledged, a question is answered Cancel, leaving is allowed. */
  async #answer(dialog: Dialog): Promise<void> {
    const type = dialog.type();
    const message = dialog.message().replace(/\s+/g, ' ').trim().slice(0, 300);
    if (type === 'beforeunload') {
      await dialog.accept().catch(() => {});
      return;
    }
    if (type === 'alert') {
      this.#notes.push(`The page showed an alert: "${message}" (acknowledged).`);
      await dialog.accept().catch(() => {});
      return;
    }
    this.#notes.push(`The page asked (${type}): "${message}"; it was answered Cancel.`);
    await dialog.dismiss().catch(() => {});
  }
}
