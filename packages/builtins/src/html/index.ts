// `@wesgine/builtins/html`: HTML to Markdown without a browser, shared by the built-ins and the
// adapters (the kb adapter reads HTML files with it). Adding a name here makes it public API.

export type { HtmlMarkdown, HtmlToMarkdownOptions } from './html-markdown.js';
export { htmlToMarkdown } from './html-markdown.js';
