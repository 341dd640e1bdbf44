// The README's screenshots of the playground's main views, taken from the real page on a fresh data
// folder, the way the browser tests drive it. Writes docs/playground/*.png.
// Run: node --conditions @wesgine/source --import tsx test/e2e/playground/screenshots.ts
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlayground } from '@wesgine/playground/server';
import type { Page } from 'playwright-core';
import { buildPage, DESKTOP, type InPage, launchChromium, PHONE, REPO } from './chromium.js';

const OUT = join(REPO, 'docs', 'playground');
const SERVER = join(REPO, 'node_modules', '.bin', 'mcp-server-filesystem');

const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-playground-shots-')));
const playground = await startPlayground({
  dataDir: join(root, 'data'),
  port: 0,
  pageRoot: buildPage(join(root, 'page')),
});
const workspace = join(root, 'data', 'workspace');
const browser = await launchChromium();
mkdirSync(OUT, { recursive: true });

async function open(hash: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(30_000);
  await page.goto(playground.pageUrl);
  await page.waitForFunction(() => (globalThis as unknown as InPage).location.hash === '#/catalogue');
  await go(page, hash);
  return page;
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((fragment) => {
    (globalThis as unknown as InPage).location.hash = fragment;
  }, hash);
}

async function shot(page: Page, name: string): Promise<void> {
  // Let transitions and the last live frames settle.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`wrote docs/playground/${name}.png`);
}

async function raw(page: Page, tool: string, args: unknown): Promise<void> {
  await page
    .getByRole('radio', { name: 'Raw JSON' })
    .or(page.getByRole('button', { name: 'Raw JSON' }))
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  await page.getByRole('button', { name: `Call ${tool}`, exact: true }).click();
}

try {
  const page = await open('#/catalogue');
  await page.getByTestId('catalogue-item').first().waitFor();
  await shot(page, 'catalogue');
  const phone = await open('#/catalogue', PHONE);
  await phone.getByTestId('catalogue-item').first().waitFor();
  await shot(phone, 'catalogue-phone');
  await phone.close();

  await go(page, '#/tools/read/try');
  await page
    .getByRole('tabpanel')
    .getByRole('textbox', { name: /^path\b/ })
    .fill('src/greet.ts');
  await page.getByRole('button', { name: 'Call read', exact: true }).click();
  await page.getByTestId('call-trace').waitFor();
  await shot(page, 'try-read');

  await go(page, '#/tools/read/try');
  await raw(page, 'read', { path: '.env' });
  await page.getByTestId('call-trace').waitFor();
  await shot(page, 'try-denied');

  await go(page, '#/tools/read/docs');
  await page.getByRole('tabpanel').waitFor();
  await shot(page, 'docs');

  // A pending exec, seen from Governance.
  const caller = await open('#/tools/exec/try');
  await raw(caller, 'exec', { command: 'touch made-by-exec.txt && echo made' });
  await caller.getByTestId('call-waiting').waitFor();
  await go(page, '#/governance');
  await page.getByTestId('approval').first().waitFor();
  await shot(page, 'governance');
  await page.getByTestId('approval').first().getByRole('button', { name: 'Approve once' }).click();
  await caller.getByTestId('call-result').waitFor();
  await caller.close();

  await go(page, '#/loops');
  await page.getByRole('button', { name: 'Run the looping agent' }).click();
  await page.getByTestId('approval').first().waitFor({ timeout: 60_000 });
  await shot(page, 'loops');
  await page.getByTestId('approval').first().getByRole('button', { name: 'Deny' }).click();
  await page.getByTestId('loop-result').waitFor();

  await go(page, '#/sources');
  const form = page.getByRole('form', { name: 'Add an MCP server' });
  await form.getByRole('textbox', { name: 'Name' }).fill('fs');
  await form.getByRole('radio', { name: 'Command' }).check();
  await form.getByRole('textbox', { name: 'Command', exact: true }).fill(SERVER);
  await form.getByRole('textbox', { name: 'Arguments' }).fill(workspace);
  await form.getByRole('button', { name: 'Add server' }).click();
  await page.getByTestId('mcp-server').filter({ hasText: 'ready' }).waitFor({ timeout: 30_000 });
  await shot(page, 'sources');
} finally {
  await browser.close();
  await playground.close();
  rmSync(root, { recursive: true, force: true });
}
