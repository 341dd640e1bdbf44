import { type HTMLElement, parse } from 'node-html-parser';
import { pageMarkdown } from '../browser/page-markdown.js';

/** An HTML document as Markdown, with its title when it has one. */
export interface HtmlMarkdown {
  readonly title: string | undefined;
  readonly markdown: string;
}

export interface HtmlToMarkdownOptions {
  /** The document's address: relative links and images resolve against it (else they stay plain text). */
  readonly url?: string;
}

/**
 * HTML given as text (a file on disk, a mail body) as Markdown, without a browser, through the same
 * converter `browser_navigate` and `page.read` run inside the page (`pageMarkdown`), so a document reads
 * alike however it arrives: the main content only, chrome and hidden parts left out, code fenced with its
 * language, data tables as tables. Without a layout engine only attributes and inline styles can hide
 * something; a `<base href>` in the document wins over `options.url`.
 */
export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions = {}): HtmlMarkdown {
  // The parser reads an upper-case doctype as text; a browser drops any doctype.
  const root = parse(html.replace(/^\uFEFF?\s*<!doctype[^>]*>/i, ''), {
    comment: false,
    lowerCaseTagName: false,
    // Their text is never shown; `pre` is parsed like any element so its highlighting spans are read.
    blockTextElements: { script: true, noscript: true, style: true },
  });
  const base = first(root, (element) => element.tagName === 'BASE' && element.hasAttribute('href'))?.getAttribute(
    'href',
  );
  const baseUrl = resolve(base, options.url) ?? options.url;
  const title = (first(root, (element) => element.tagName === 'TITLE')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const { markdown } = pageMarkdown(Number.POSITIVE_INFINITY, { root, baseUrl });
  return { title: title === '' ? undefined : title, markdown };
}

function resolve(address: string | undefined, base: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  try {
    return new URL(address, base).href;
  } catch {
    return undefined;
  }
}

/** The first element (depth first) that `test` accepts, walked with a stack: files can nest very deep. */
function first(root: HTMLElement, test: (element: HTMLElement) => boolean): HTMLElement | undefined {
  const below = (element: HTMLElement) =>
    element.childNodes.filter((child): child is HTMLElement => child.nodeType === 1).reverse() as HTMLElement[];
  const stack = below(root);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (test(next)) return next;
    stack.push(...below(next));
  }
  return undefined;
}
