import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { closeBrowsers } from '@wesgine/builtins/browser';
import { DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { browserCell, plain, refOf, sessionOf, useSites } from './playwright.test.fixture.js';

const state = useSites();
const LOOPBACK = (address: string) =>
  `The address ${address} is a loopback address; private, loopback and link-local addresses cannot be fetched`;

/** The parent of a process, from /proc. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The network namespaces of the Chromium processes this test process started. */
function chromiumNetworks(): string[] {
  const found = new Set<string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'latin1');
      if (!/chrom/i.test(command.split('\0')[0] ?? '')) continue;
      let ancestor = Number(name);
      while (ancestor > 1 && ancestor !== process.pid) ancestor = parentOf(ancestor);
      if (ancestor === process.pid) found.add(readlinkSync(`/proc/${name}/ns/net`));
    } catch {
      // gone
    }
  }
  return [...found];
}

describe('browser tools: governance of every page and request', () => {
  it('refuses a typed address that is private, or of another scheme, before any request', async () => {
    const cell = browserCell();
    const run = cell.run();
    expect(await run.call('browser.open', { url: `${state.sites.secret.origin}/data` })).toEqual({
      isError: true,
      code: 'denied',
      text: `Not allowed: ${LOOPBACK('127.0.0.2')}.`,
    });
    expect(await run.call('browser.open', { url: 'file:///etc/passwd' })).toEqual({
      isError: true,
      code: 'denied',
      text: 'Not allowed: The scheme file: is not allowed; only http and https URLs can be fetched.',
    });
    const closed = browserCell({ network: {} }).run();
    expect(await closed.call('browser.open', { url: `${state.sites.site.origin}/form` })).toEqual({
      isError: true,
      code: 'denied',
      text: `Not allowed: ${LOOPBACK('127.0.0.1')}.`,
    });
    expect(state.sites.secret.seen).toEqual([]);
    await cell.stop();
  });

  it("refuses a page's requests to private addresses and lists them; a redirect to one fails the open", async () => {
    const cell = browserCell({ playwright: { maxSessions: 1 } });
    const run = cell.run();
    const redirected = await run.call('browser.open', { url: `${state.sites.site.origin}/to-secret` });
    expect(plain(redirected.text, state.sites)).toBe(
      `SITE/to-secret redirected to SECRET/data, which was refused: ${LOOPBACK('127.0.0.2')}. Nothing from that address was loaded.`,
    );
    expect(redirected.code).toBe('denied');
    // The failed open left no session behind: the one session the cell allows can still be opened.
    const opened = await run.call('browser.open', { url: `${state.sites.site.origin}/leaks` });
    expect(opened.isError).toBe(false);
    expect(plain(opened.text, state.sites, sessionOf(opened)).split('\n').slice(0, 6)).toEqual([
      'Opened SITE/leaks.',
      'Session: SESSION',
      'URL: SITE/leaks',
      'Title: Leaks',
      'Refused 1 request the page made (not allowed here):',
      `  - SECRET/data: ${LOOPBACK('127.0.0.2')}.`,
    ]);
    expect(state.sites.secret.seen).toEqual([]);
    await cell.stop();
  });

  it('a link, a redirecting link and a form post to a private address are refused, and the page stays', async () => {
    const cell = browserCell();
    const run = cell.run();
    const opened = await run.call('browser.open', { url: `${state.sites.site.origin}/leaks` });
    const session = sessionOf(opened);
    const cases = [
      ['link "Secret link"', 'Clicking link "Secret link"'],
      ['link "Redirecting link"', 'Clicking link "Redirecting link"'],
      ['button "Leak"', 'Clicking button "Leak"'],
    ] as const;
    for (const [element, doing] of cases) {
      const snapshot = await run.call('browser.snapshot', { session });
      const ref = refOf(snapshot.text, element);
      const result = await run.call('browser.click', { session, ref });
      expect(result.code).toBe('denied');
      expect(plain(result.text, state.sites)).toBe(
        `${doing} (${ref}) led to SECRET/${element === 'button "Leak"' ? 'steal' : 'data'}, which was refused: ${LOOPBACK('127.0.0.2')}. Nothing from that address was loaded; the page is still SITE/leaks.`,
      );
    }
    expect(state.sites.secret.seen).toEqual([]);
    expect(state.sites.secret.posted).toEqual([]);
    const after = await run.call('browser.snapshot', { session });
    expect(after.text).toContain('Title: Leaks');
    await cell.stop();
  });

  it('a page that sends itself to a private address is refused: a new session is not kept, an old one goes back', async () => {
    const cell = browserCell();
    const run = cell.run();
    const url = `${state.sites.site.origin}/script-to-secret`;
    const expected = {
      isError: true,
      code: 'denied',
      text: `${url} loaded, then the page went to ${state.sites.secret.origin}/data on its own, which was refused: ${LOOPBACK('127.0.0.2')}. Nothing from that address was loaded.`,
    };
    expect(await run.call('browser.open', { url })).toEqual(expected);
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    expect(await run.call('browser.open', { session, url })).toEqual(expected);
    const after = await run.call('browser.snapshot', { session });
    expect(after.text).toContain(`URL: ${state.sites.site.origin}/form`);
    expect(state.sites.secret.seen).toEqual([]);
    await cell.stop();
  });

  it('the control: with the address allowed, the same link reaches the other server', async () => {
    const cell = browserCell({ network: { allowHosts: ['127.0.0.1', '127.0.0.2'] } });
    const run = cell.run();
    const opened = await run.call('browser.open', { url: `${state.sites.site.origin}/leaks` });
    const clicked = await run.call('browser.click', {
      session: sessionOf(opened),
      ref: refOf(opened.text, 'link "Secret link"'),
    });
    expect(clicked.isError).toBe(false);
    expect(clicked.text).toContain('secret data');
    expect(state.sites.secret.seen).toContain('GET /data');
    await cell.stop();
  });

  it('runs Chromium inside the OS sandbox, in a network namespace of its own', async () => {
    const cell = browserCell();
    const opened = await cell.run().call('browser.open', { url: `${state.sites.site.origin}/form` });
    expect(opened.isError).toBe(false);
    const networks = chromiumNetworks();
    expect(networks.length).toBeGreaterThan(0);
    expect(networks).not.toContain(readlinkSync('/proc/self/ns/net'));
    await cell.stop();
  });

  it("judges the page's requests by the latest call's rules, not by what an earlier call allowed", async () => {
    const origin = `http://localhost:${state.sites.site.port}`;
    const zone = {
      version: 1,
      zone: 'clicks-stay-home',
      defaults: { exploration: 'allow', action: 'allow', noHuman: 'deny' },
      rules: [
        {
          id: 'no-click-fetch',
          effect: 'deny',
          tools: ['browser.click'],
          domains: ['localhost'],
          reason: 'what a click sets off may not reach localhost',
        },
      ],
    };
    const cell = browserCell({ network: { allowHosts: ['localhost', '127.0.0.1'] }, zone });
    const run = cell.run();
    // browser.open may reach localhost, so the page loads...
    const opened = await run.call('browser.open', { url: `${origin}/ping-page` });
    expect(opened.isError).toBe(false);
    const before = state.sites.site.seen.filter((line) => line === 'GET /ping').length;
    // ...but the fetch the click sets off is judged by browser.click's rules, which refuse it.
    const clicked = await run.call('browser.click', {
      session: sessionOf(opened),
      ref: refOf(opened.text, 'button "Ping"'),
    });
    expect(clicked.isError).toBe(false);
    expect(clicked.text).toContain(
      `Refused 1 request the page made (not allowed here):\n  - ${origin}/ping: zone 'clicks-stay-home' refuses localhost: what a click sets off may not reach localhost`,
    );
    // The page got the proxy's refusal instead of an answer.
    expect(clicked.text).toContain(`- paragraph [ref=e2]: "Refused: zone 'clicks-stay-home' refuses localhost`);
    expect(state.sites.site.seen.filter((line) => line === 'GET /ping').length).toBe(before);
    await cell.stop();
  });

  it('a browser that goes away closes its sessions, and the next call says so', async () => {
    const cell = browserCell();
    const run = cell.run();
    const session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    await closeBrowsers();
    expect(await run.call('browser.snapshot', { session })).toEqual({
      isError: true,
      code: 'not_found',
      text: `Browser session ${session} is closed: its browser tab or the browser itself went away just now. Open a new one with browser.open.`,
    });
    // A new session starts a new browser.
    expect((await run.call('browser.open', { url: `${state.sites.site.origin}/form` })).isError).toBe(false);
    await cell.stop();
  });

  it('under the default zone: opening and reading a page are looking, a click asks (refused with nobody to ask)', async () => {
    const cell = browserCell({ zone: DEFAULT_ZONE_FILE });
    const run = cell.run();
    const opened = await run.call('browser.open', { url: `${state.sites.site.origin}/form` });
    expect(opened.isError).toBe(false);
    const session = sessionOf(opened);
    expect((await run.call('browser.snapshot', { session })).isError).toBe(false);
    const clicked = await run.call('browser.click', { session, ref: 'e9' });
    expect(clicked).toMatchInlineSnapshot(`
      {
        "code": "approval_required",
        "isError": true,
        "text": "This call needs a person's approval and no one is attached to this run to give it: no rule covers a call to browser.click; action calls need approval by default",
      }
    `);
    expect((await run.call('browser.close', { session })).isError).toBe(false);
    await cell.stop();
  });
});
