import type { ToolHandler } from '@wesgine/schema';
import type { PageReadArgs } from '../../generated/types.gen.js';
import { readContent, readerExpression } from '../in-page.js';
import { withPage } from '../page-call.js';
import { readReport } from '../page-report.js';

/** Content characters returned when the call names no `max_chars`. */
const DEFAULT_MAX_CHARS = 100_000;

/**
 * Handles `page.read`: the page's main content as Markdown (the shared in-page converter), or its
 * visible text as laid out (`innerText`), cut to `max_chars`.
 */
export const pageRead: ToolHandler<PageReadArgs> = async (args, context) => {
  const format = args.format ?? 'markdown';
  const maxChars = args.max_chars ?? DEFAULT_MAX_CHARS;
  return withPage(context, args.url, args.wait_until ?? 'load', async (opened) => {
    const reading = opened.page.evaluate(readerExpression(format, maxChars + 1)).then(readContent);
    const { content, length } = await Promise.race([reading, opened.crashed]);
    const report = readReport(opened, format, content, length, maxChars);
    return {
      text: report.text,
      data: {
        url: opened.finalUrl,
        requested: opened.requested,
        title: opened.title,
        status: opened.status,
        format,
        length,
        truncated: report.truncated,
        refused: opened.refused,
      },
    };
  });
};
