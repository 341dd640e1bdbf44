import type { ProxyDispatcher } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import type { Browser } from 'playwright-core';
import { loadPlaywright } from './load-playwright.js';
import { prepareSandboxedChromium } from './sandboxed-chromium.js';

/** Flags for a headless browser that talks to nothing on its own (no updates, sync or background fetches). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--dns-prefetch-disable',
  '--no-first-run',
  '--no-default-browser-check',
  // WebRTC may not send UDP outside the proxy, so a page cannot reach private addresses through it.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;

/** How long an unused browser stays open before it is closed (a timer that never keeps the process alive). */
const IDLE_MS = 60_000;

/** A launched browser; a sandboxed one reaches the network only through `dispatcher`. */
export interface LaunchedBrowser {
  readonly browser: Browser;
  readonly dispatcher: ProxyDispatcher | undefined;
}

interface Slot {
  readonly launching: Promise<LaunchedBrowser>;
  users: number;
  idle: NodeJS.Timeout | undefined;
}

const slots = new Map<string, Slot>();

/**
 * One browser per executable (and per sandboxed or not) for the whole process, launched on first use
 * with a fresh temporary profile (Playwright's `launch` makes one and deletes it on close). A browser
 * that crashes or disconnects is forgotten, so the next call launches a new one; an idle one is closed
 * after a minute. Playwright kills the browsers it launched when the process exits; a sandboxed one also
 * dies with this process (bubblewrap's --die-with-parent).
 */
export async function acquireBrowser(
  executablePath: string,
  sandboxed: boolean,
): Promise<LaunchedBrowser & { release(): void }> {
  const key = `${sandboxed ? 'sandboxed' : 'plain'}:${executablePath}`;
  let slot = slots.get(key);
  if (slot === undefined) {
    const launching = launch(executablePath, sandboxed);
    const created: Slot = { launching, users: 0, idle: undefined };
    slot = created;
    slots.set(key, created);
    const forget = () => {
      if (slots.get(key) === created) slots.delete(key);
    };
    launching.then(({ browser }) => browser.on('disconnected', forget), forget);
  }
  clearTimeout(slot.idle);
  slot.users += 1;
  const current = slot;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    current.users -= 1;
    if (current.users > 0) return;
    current.idle = setTimeout(() => {
      if (slots.get(key) === current) slots.delete(key);
      void current.launching.then(({ browser }) => browser.close()).catch(() => {});
    }, IDLE_MS);
    current.idle.unref();
  };
  try {
    return { ...(await current.launching), release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Closes every browser this process launched (tests, and hosts that shut down cleanly). */
export async function closeBrowsers(): Promise<void> {
  const open = [...slots.values()];
  slots.clear();
  for (const slot of open) clearTimeout(slot.idle);
  await Promise.all(open.map((slot) => slot.launching.then(({ browser }) => browser.close()).catch(() => {})));
}

async function launch(executablePath: string, sandboxed: boolean): Promise<LaunchedBrowser> {
  const { chromium } = await loadPlaywright();
  const sandbox = sandboxed ? await prepareSandboxedChromium(executablePath) : undefined;
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: sandbox?.executablePath ?? executablePath,
      args: [...CHROMIUM_ARGS],
      timeout: 30_000,
    });
  } catch (error) {
    await sandbox?.close();
    const first = ((error as Error).message ?? String(error)).split('\n').find((line) => line.trim() !== '') ?? '';
    throw new ToolError(
      'unavailable',
      `Chromium at ${executablePath} could not be started (${first.replace(/^browserType\.launch: /, '').trim()}). ` +
        'Check that it runs on its own, or set WESGINE_CHROMIUM_PATH to a working Chromium or Chrome.',
      { cause: error },
    );
  }
  if (sandbox !== undefined) browser.on('disconnected', () => void sandbox.close());
  return { browser, dispatcher: sandbox?.dispatcher };
}
