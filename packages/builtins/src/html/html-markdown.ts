import { NodeHtmlMarkdown } from 'node-html-markdown';

/** An HTML document as Markdown, with its title when it has one. */
export interface HtmlMarkdown {
  readonly title: string | undefined;
  readonly markdown: string;
}

const converter = new NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'svg'] });

/**
 * HTML given as text (a file on disk, a fetched body) as Markdown, without a browser: scripts, styles and
 * templates left out, code blocks fenced with their language. For a page a browser shows, the in-page
 * converter (`pageMarkdown`) knows more: what is hidden, what is laid out as the main content.
 */
export function htmlToMarkdown(html: string): HtmlMarkdown {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  return { title: title === '' ? undefined : title, markdown: converter.translate(html).trim() };
}
