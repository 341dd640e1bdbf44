// The playground as a hostile world meets it (review R3): the real page, built fresh, in headless
// Chromium, against startPlayground on a temp data folder. The token stays in the Authorization header
// (never a URL, a Referer, the console or localStorage) and a wrong one asks for the right one; an MCP
// server whose every string is markup and every schema odd runs nothing, sends nothing elsewhere and
// leaves the page usable and unscrolled at 390 px; the sources form says what is wrong with junk.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningPlayground, startPlayground } from '@wesgine/playground/server';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const HOSTILE_SERVER = fileURLToPath(new URL('./hostile-mcp-server.fixture.mjs', import.meta.url));
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HOSTILE_TOOLS = ['evil_html', 'evil_deep', 'evil_loop', 'evil_root_ref', 'evil_result', 'evil_odd'];
const TABS = ['try', 'schema', 'dialects', 'docs'];

/** The browser globals read inside the page (test/ compiles without the DOM library). */
interface InPage {
  readonly __pwned?: unknown;
  readonly localStorage: { readonly length: number };
  readonly sessionStorage: { readonly length: number };
  readonly document: { readonly documentElement: { readonly scrollWidth: number; readonly clientWidth: number } };
}

let folder: string;
let playground: RunningPlayground;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'wesgine-hostile-'));
  const pageRoot = join(folder, 'page');
  const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', pageRoot, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: join(REPO, 'apps', 'playground'),
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`the page did not build:\n${built.stderr}${built.stdout}`);
  playground = await startPlayground({ dataDir: join(folder, 'data'), port: 0, pageRoot });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: FLAGS });
}, 180_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Everything that went wrong in a page: console errors and warnings, page errors, dialogs, bad requests. */
interface Watched {
  readonly page: Page;
  readonly problems: string[];
  readonly requests: { readonly url: string; readonly referer: string | undefined }[];
  readonly console: string[];
}

async function open(viewport = { width: 1280, height: 800 }): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  const watched: Watched = { page, problems: [], requests: [], console: [] };
  page.on('console', (message) => {
    watched.console.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') {
      watched.problems.push(`console ${message.type()}: ${message.text().slice(0, 200)}`);
    }
  });
  page.on('pageerror', (error) => watched.problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    watched.problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    watched.requests.push({ url: request.url(), referer: request.headers().referer });
    if (!request.url().startsWith(`${playground.url}/`) && !request.url().startsWith('data:')) {
      watched.problems.push(`request to another origin: ${request.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    // A stream or a wait the page itself stops when it moves on is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
      watched.problems.push(`failed request: ${request.url()} ${request.failure()?.errorText}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) watched.problems.push(`${response.status()} ${response.url()}`);
  });
  return watched;
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${playground.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${playground.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The hostile server through the API, for a test that runs without the one that adds it by the form. */
async function ensureHostileServer(): Promise<void> {
  const { mcp } = (await api('GET', '/sources')).body as { mcp: { name: string }[] };
  if (mcp.some((server) => server.name === 'evil')) return;
  const added = await api('PUT', '/sources/mcp/evil', { command: process.execPath, args: [HOSTILE_SERVER] });
  expect((added.body as { state: string }).state).toBe('ready');
}

function horizontalScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as InPage).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });
}

describe('the token', () => {
  it('goes only in the Authorization header: not in the address bar, a URL, a Referer, the console or localStorage', async () => {
    const { page, problems, requests, console: printed } = await open();
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    expect(page.url()).toBe(`${playground.url}/#/catalogue`);
    for (const view of ['Governance', 'Loops', 'Sources', 'Catalogue']) {
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: view }).click();
      await page.waitForTimeout(300);
    }
    await page.goto(`${playground.url}/#/tools/read/try`);
    await page.getByRole('button', { name: 'Call read' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Call read' }).waitFor();
    expect(page.url()).toBe(`${playground.url}/#/tools/read/try`);
    const storage = await page.evaluate(() => (globalThis as unknown as InPage).localStorage.length);
    expect(storage).toBe(0);
    expect(requests.length).toBeGreaterThan(5);
    for (const { url, referer } of requests) {
      expect(url).not.toContain(playground.token);
      expect(referer ?? '').not.toContain(playground.token);
    }
    expect(printed.filter((line) => line.includes(playground.token))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a wrong one is refused once, then the page asks for the right one and takes the printed address', async () => {
    const { page, problems, requests } = await open();
    await page.goto(`${playground.url}/#token=not-the-token`);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
      .toContain('The server refused the access token this page had');
    expect(page.url()).toBe(`${playground.url}/#/catalogue`);
    const refused = problems.length;
    // No wall of errors: the stream does not keep knocking with the refused token.
    await page.waitForTimeout(2500);
    expect(problems.length).toBe(refused);
    expect(problems.every((problem) => problem.startsWith('401 ') || problem.includes('401'))).toBe(true);
    // Each of the page's first requests at most once (under load they all leave before the first 401
    // is back); the waits above and below prove nothing knocks again.
    expect(refused).toBeLessThanOrEqual(8);
    const sent = requests.length;
    await page.waitForTimeout(1500);
    expect(requests.length).toBe(sent);

    // The printed address pasted into the same tab: only the fragment changes, and the page takes it.
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await expect.poll(() => page.getByTestId('catalogue-item').count()).toBeGreaterThan(10);
    expect(page.url()).toBe(`${playground.url}/#/catalogue`);
    expect(problems.length).toBe(refused);
    // The right one is kept for this tab: a reload opens the page again.
    await page.reload();
    await page.getByTestId('catalogue-list').waitFor();
    expect(problems.length).toBe(refused);
  });

  it('opened without one, a wrong one pasted is refused with the same sentence, and the field stays', async () => {
    const { page } = await open();
    await page.goto(`${playground.url}/`);
    await page.getByLabel('Access token').fill('wrong-again');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
      .toContain('The server refused the access token this page had');
    await page.getByLabel('Access token').fill(playground.token);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('catalogue-list').waitFor();
    await expect.poll(() => page.getByTestId('catalogue-item').count()).toBeGreaterThan(10);
  });

  it('the printed address pasted into an open tab moves the token out of the address bar', async () => {
    const { page, problems } = await open();
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await page.goto(`${playground.url}/#/sources`);
    await page.getByRole('form', { name: 'Add an MCP server' }).waitFor();
    // As a person pastes it: the same document, so only the fragment changes (no load event).
    await page.evaluate((href) => {
      (globalThis as unknown as { location: { href: string } }).location.href = href;
    }, playground.pageUrl);
    await expect.poll(() => page.url()).toBe(`${playground.url}/#/catalogue`);
    await page.getByTestId('catalogue-list').waitFor();
    expect(problems).toEqual([]);
  });
});

describe('a hostile MCP server', () => {
  it('is added through the form; its tools show as text on every tab, a call and its logs run nothing', {
    timeout: 90_000,
  }, async () => {
    const { page, problems } = await open();
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Sources' }).click();
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('evil');
    await form.getByRole('radio', { name: 'Command' }).check();
    await form.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
    await form.getByRole('textbox', { name: 'Arguments' }).fill(HOSTILE_SERVER);
    await form.getByRole('button', { name: 'Add server' }).click();
    const server = page.getByTestId('mcp-server').filter({ hasText: 'evil' });
    await expect.poll(() => server.textContent(), { timeout: 20_000 }).toContain('ready');
    for (const tool of HOSTILE_TOOLS) await server.getByRole('link', { name: tool }).waitFor();

    for (const tool of HOSTILE_TOOLS) {
      for (const tab of TABS) {
        await page.goto(`${playground.url}/#/tools/${tool}/${tab}`);
        await page.getByRole('heading', { level: 1, name: tool }).waitFor();
        await page.getByRole('tabpanel').waitFor();
        await page.waitForTimeout(150);
        expect(await horizontalScroll(page), `${tool}/${tab} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }

    await page.goto(`${playground.url}/#/tools/evil_result/try`);
    await page.getByRole('radio', { name: 'Raw JSON' }).click();
    await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"n": 1}');
    await page.getByRole('button', { name: 'Call evil_result' }).click();
    await page.getByTestId('call-waiting').waitFor();
    const pending = (await api('GET', '/approvals')).body as { id: string; tool: string }[];
    const ask = pending.find((request) => request.tool === 'evil_result');
    expect(ask).toBeDefined();
    expect((await api('POST', `/approvals/${ask?.id}`, { decision: 'approve', scope: 'once' })).status).toBe(200);
    await page.getByTestId('result-text').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('result-code').textContent()).toBe('ok');
    expect(await page.getByTestId('result-text').textContent()).toContain('<script>window.__pwned=2</script>');
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Governance' }).click();
    await page.getByTestId('audit-row').first().waitFor();

    expect(await page.evaluate(() => (globalThis as unknown as InPage).__pwned)).toBeUndefined();
    expect(await page.locator('iframe, img[src="x"], script:not([src])').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a $ref loop the form cannot draw: the reason in its place, Raw JSON still calls, no console error', async () => {
    await ensureHostileServer();
    const { page, problems } = await open();
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await page.goto(`${playground.url}/#/tools/evil_loop/try`);
    await expect
      .poll(() => page.getByRole('tabpanel').textContent())
      .toContain("The form cannot draw this tool's schema (Definition for #/$defs/b is a circular reference)");
    await page.getByRole('radio', { name: 'Raw JSON' }).click();
    await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{}');
    expect(await page.getByRole('button', { name: 'Call evil_loop' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('leaves no view scrolling sideways at 390x844', { timeout: 60_000 }, async () => {
    await ensureHostileServer();
    const { page, problems } = await open({ width: 390, height: 844 });
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await expect.poll(() => page.getByTestId('catalogue-item').filter({ hasText: 'evil_html' }).count()).toBe(1);
    for (const view of ['#/catalogue', '#/governance', '#/loops', '#/sources']) {
      await page.goto(`${playground.url}/${view}`);
      await page.waitForTimeout(400);
      expect(await horizontalScroll(page), `${view} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    for (const tool of HOSTILE_TOOLS) {
      for (const tab of TABS) {
        await page.goto(`${playground.url}/#/tools/${tool}/${tab}`);
        await page.getByRole('tabpanel').waitFor();
        await page.waitForTimeout(150);
        expect(await horizontalScroll(page), `${tool}/${tab} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('junk in the sources form', () => {
  it('says what is wrong with each entry and adds nothing', async () => {
    const { page, problems } = await open();
    await page.goto(playground.pageUrl);
    await page.getByTestId('catalogue-list').waitFor();
    await page.goto(`${playground.url}/#/sources`);
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    const before = ((await api('GET', '/sources')).body as { mcp: unknown[] }).mcp.length;
    const cases: [name: string, url: string, said: string][] = [
      ['web', 'not a url', "Give the server's address as a full URL, such as http://127.0.0.1:3001/mcp."],
      ['web', 'javascript:alert(1)', "An MCP server's URL starts with http: or https:, not javascript:"],
      ['web', '//evil.example/mcp', "Give the server's address as a full URL, such as http://127.0.0.1:3001/mcp."],
      [
        'bad name!',
        'http://127.0.0.1:1/mcp',
        `A server's name is 1 to 64 letters, digits, '_', '-' or '.'; "bad name!" is not.`,
      ],
    ];
    await form.getByRole('radio', { name: 'URL' }).check();
    for (const [name, url, said] of cases) {
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'URL' }).fill(url);
      await form.getByRole('button', { name: 'Add server' }).click();
      await expect.poll(() => form.getByRole('alert').textContent(), { timeout: 5000 }).toBe(said);
    }
    expect(((await api('GET', '/sources')).body as { mcp: unknown[] }).mcp.length).toBe(before);
    expect(problems).toEqual([]);
  });
});
