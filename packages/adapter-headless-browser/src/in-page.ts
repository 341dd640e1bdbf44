import { pageMarkdown } from '@wesgine/builtins/browser';

/**
 * The in-page readers as source text, each called with the most characters to return. They are sent
 * as text wrapped with a local `__name`, because a loader that keeps function names (tsx, esbuild's
 * keepNames) writes calls to that helper into the function's body, which the page does not have.
 */
const MARKDOWN = `(max) => { const __name = (target) => target; return (${pageMarkdown.toString()})(max); }`;

const TEXT = `(max) => {
  // The text as laid out, hidden parts left out, is what is wanted, so innerText, not textContent.
  const text = document.body ? document.body.innerText : '';
  return { content: text.slice(0, max), length: text.length };
}`;

/** The expression `page.evaluate` runs to read `max` characters of the page in `format`. */
export function readerExpression(format: 'markdown' | 'text', max: number): string {
  const reader = format === 'markdown' ? MARKDOWN : TEXT;
  return `(${reader})(${Math.trunc(max)})`;
}

/** What a reader gives back: the content (already cut to its limit) and the full length. */
export interface ReadContent {
  readonly content: string;
  readonly length: number;
}

/** The Markdown reader returns `{ markdown, length }`; both readers' answers as one shape. */
export function readContent(answer: unknown): ReadContent {
  const value = answer as { markdown?: unknown; content?: unknown; length?: unknown };
  const content =
    typeof value?.markdown === 'string' ? value.markdown : typeof value?.content === 'string' ? value.content : '';
  return { content, length: typeof value?.length === 'number' ? value.length : content.length };
}
