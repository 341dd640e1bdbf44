// HTML to Markdown on real pages: our converter (`pageMarkdown`, in Chromium for pages, and in Node over
// node-html-parser for files through `htmlToMarkdown`) against the libraries a tool would otherwise use:
// Mozilla Readability (main content) over linkedom with turndown or node-html-markdown, and
// node-html-markdown on the whole document. Each converter is scored per page on what a model needs:
// key sentences kept, chrome left out, code fences with their language, tables, links, length and time.
// The pages are copies of documentation installed on this machine (test/fixtures/pages/README.md); in
// Chromium each is served over loopback HTTP from where it was installed when that is present, so its
// stylesheets and scripts apply as a visitor's browser would have them (else the copy is served).
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/html-markdown.bench.ts
// Set HTML_BENCH_DUMP=<folder> to write every converter's Markdown there.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import { chromium } from 'playwright-core';
import TurndownService from 'turndown';
import { findChromium, pageMarkdown } from '../../packages/builtins/src/browser/index.js';
import { htmlToMarkdown } from '../../packages/builtins/src/html/index.js';
import { PAGES, type PageCase } from './_html-pages.js';
import { summarise } from './_measure.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));
const ROUNDS = Number(process.env.HTML_BENCH_ROUNDS ?? 7);
const DUMP = process.env.HTML_BENCH_DUMP;

type Convert = (html: string, url: string) => string;

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript']);
const nodeHtmlMarkdown = new NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'svg'] });

/** Readability's main content as HTML (it changes the document it reads, so it gets its own parse). */
function readable(html: string, url: string): string {
  const { document } = parseHTML(html);
  // Readability resolves links against the document's address, which a parsed string does not have.
  const base = document.createElement('base');
  base.setAttribute('href', url);
  document.head?.prepend(base);
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  return article?.content ?? '';
}

/** Converters that run in Node on the page's HTML text. */
const NODE_CONVERTERS: Record<string, Convert> = {
  'readability+turndown': (html, url) => turndown.turndown(readable(html, url)),
  'readability+nhm': (html, url) => nodeHtmlMarkdown.translate(readable(html, url)),
  'nhm (whole page)': (html) => nodeHtmlMarkdown.translate(html),
  'htmlToMarkdown (ours, Node)': (html, url) => htmlToMarkdown(html, { url }).markdown,
};
const IN_PAGE = 'pageMarkdown (ours, Chromium)';

/** Text as compared: Markdown marks, escapes and link targets removed, spaces collapsed, lower case. */
function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_[\]#+\-.!|()<>~])/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/^#+ /gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

interface Score {
  readonly kept: number;
  readonly chrome: number;
  readonly fences: number;
  readonly tagged: number;
  readonly tables: number;
  readonly links: number;
  readonly length: number;
}

function score(markdown: string, page: PageCase): Score {
  const text = plain(markdown);
  const has = (phrase: string) => text.includes(plain(phrase));
  const fences = [...markdown.matchAll(/^(`{3,})([^`\s]*)\s*$/gm)];
  // Opening and closing fences alternate; the openings are the even ones.
  const openings = fences.filter((_, index) => index % 2 === 0);
  return {
    kept: page.keep.filter(has).length / page.keep.length,
    chrome: page.chrome.length === 0 ? 0 : page.chrome.filter(has).length / page.chrome.length,
    fences: openings.length,
    tagged: openings.filter((fence) => fence[2] !== '').length,
    tables: (markdown.match(/^\|(?: *:?-{3,}:? *\|)+ *$/gm) ?? []).length,
    links: (markdown.match(/\]\((?:https?|file):/g) ?? []).length,
    length: markdown.length,
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
/** Files under the folders the pages came from, by their path on this machine. */
const ROOTS = [...new Set(PAGES.map((page) => page.source.split('/').slice(0, 5).join('/'))), FIXTURES];
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const allowed = ROOTS.some((root) => path.startsWith(root)) && !path.includes('..');
  if (!allowed || !existsSync(path) || !statSync(path).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response
    .writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' })
    .end(readFileSync(path));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const found = findChromium();
if (found.path === undefined) throw new Error(`No Chromium: ${found.problem}`);
const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
// tsx keeps function names with a helper the page does not have; give the page a harmless one.
await context.addInitScript('globalThis.__name = (target) => target;');
const tab = await context.newPage();

interface Row {
  readonly page: string;
  readonly converter: string;
  readonly score: Score;
  readonly ms: number;
}
const rows: Row[] = [];

for (const page of PAGES) {
  const html = readFileSync(join(FIXTURES, page.file), 'utf8');
  const url = `${origin}${existsSync(page.source) ? page.source : join(FIXTURES, page.file)}`;
  await tab.goto(url, { waitUntil: 'load' });
  const outputs = new Map<string, string>();
  const times = new Map<string, number[]>();
  const inPage = async () => (await tab.evaluate(pageMarkdown, 10_000_000)).markdown;
  for (let round = 0; round <= ROUNDS; round++) {
    const started = process.hrtime.bigint();
    const markdown = await inPage();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (round === 0) outputs.set(IN_PAGE, markdown);
    else times.set(IN_PAGE, [...(times.get(IN_PAGE) ?? []), ms]);
    for (const [name, convert] of Object.entries(NODE_CONVERTERS)) {
      const begun = process.hrtime.bigint();
      const result = convert(html, url);
      const took = Number(process.hrtime.bigint() - begun) / 1e6;
      if (round === 0) outputs.set(name, result);
      else times.set(name, [...(times.get(name) ?? []), took]);
    }
  }
  for (const [converter, markdown] of outputs) {
    const ms = summarise({ name: converter, opsPerSecond: times.get(converter) ?? [] }).median;
    rows.push({ page: page.file.replace(/\.html$/, ''), converter, score: score(markdown, page), ms });
    if (DUMP !== undefined) {
      mkdirSync(DUMP, { recursive: true });
      writeFileSync(join(DUMP, `${page.file}.${converter.replace(/[^\w+]+/g, '-')}.md`), markdown);
    }
  }
}
await browser.close();
server.close();

const percent = (value: number) => `${Math.round(value * 100)}%`;
const converters = [IN_PAGE, ...Object.keys(NODE_CONVERTERS)];
const lines = [
  '### Per page',
  '',
  '| page | converter | key sentences kept | chrome left in | fences (with language) | tables | links | chars | ms |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    ({ page, converter, score: s, ms }) =>
      `| ${page} | ${converter} | ${percent(s.kept)} | ${percent(s.chrome)} | ${s.fences} (${s.tagged}) | ${s.tables} | ${s.links} | ${s.length} | ${ms.toFixed(1)} |`,
  ),
  '',
  `### Over ${PAGES.length} pages`,
  '',
  '| converter | key sentences kept | chrome left in | fences (with language) | tables | links | chars | ms (sum of medians) | time ratio to ours in Chromium |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const total = (name: string, pick: (row: Row) => number) =>
  rows.filter((row) => row.converter === name).reduce((sum, row) => sum + pick(row), 0);
const reference = total(IN_PAGE, (row) => row.ms);
for (const name of converters) {
  const mean = (pick: (row: Row) => number) => total(name, pick) / PAGES.length;
  const ms = total(name, (row) => row.ms);
  lines.push(
    `| ${name} | ${percent(mean((row) => row.score.kept))} | ${percent(mean((row) => row.score.chrome))} | ${total(name, (row) => row.score.fences)} (${total(name, (row) => row.score.tagged)}) | ${total(name, (row) => row.score.tables)} | ${total(name, (row) => row.score.links)} | ${total(name, (row) => row.score.length)} | ${ms.toFixed(1)} | ${(ms / reference).toFixed(2)} |`,
  );
}
console.log(lines.join('\n'));
