import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../html/html-markdown.js';
import { findChromium } from './chromium-path.js';
import { pageMarkdown } from './page-markdown.js';
import { acquireBrowser, closeBrowsers } from './shared-browser.js';

const PAGES = fileURLToPath(new URL('../../../../test/fixtures/pages/', import.meta.url));
const FILES = readdirSync(PAGES).filter((name) => name.endsWith('.html'));

/**
 * One converter for pages and files: `pageMarkdown` inside Chromium and `htmlToMarkdown` in Node give the
 * same Markdown for the same document when nothing but the markup decides (no stylesheet, no script).
 */
describe('pageMarkdown in Chromium and htmlToMarkdown in Node', () => {
  const held: { context?: BrowserContext; release?: () => void } = {};
  beforeAll(async () => {
    const path = findChromium().path;
    if (path === undefined) throw new Error('These tests need Chromium (set WESGINE_CHROMIUM_PATH).');
    const browser = await acquireBrowser(path, false);
    held.release = browser.release;
    held.context = await browser.browser.newContext({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await held.context?.close();
    held.release?.();
    await closeBrowsers();
  });

  it('agree on each real page of the benchmark', async () => {
    expect(FILES.length).toBeGreaterThanOrEqual(10);
    const page = await (held.context as BrowserContext).newPage();
    for (const file of FILES) {
      const html = readFileSync(`${PAGES}${file}`, 'utf8');
      await page.setContent(html, { waitUntil: 'domcontentloaded' });
      const inPage = await page.evaluate(pageMarkdown, 10_000_000);
      const inNode = htmlToMarkdown(html).markdown;
      expect({ file, markdown: inNode }).toEqual({ file, markdown: inPage.markdown });
    }
  });

  it('cut the Markdown at maxChars in the page and tell the full length', async () => {
    const page = await (held.context as BrowserContext).newPage();
    await page.setContent('<main><h1>Title</h1><p>Some words here.</p></main>');
    expect(await page.evaluate(pageMarkdown, 9)).toEqual({ markdown: '# Title\n\n', length: 25 });
    expect(pageMarkdown(9, { root: { nodeType: 11, textContent: null, childNodes: [] }, baseUrl: undefined })).toEqual({
      markdown: '',
      length: 0,
    });
  });
});
