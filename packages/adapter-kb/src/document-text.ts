import { htmlToMarkdown } from '@wesgine/builtins/html';
import type { KbKind } from './kb-store.js';
import { pdfPages } from './pdf-text.js';

/** A document's text as the kb numbers its lines, with the title the text gives. */
export interface DocumentText {
  readonly text: string;
  readonly title: string | undefined;
}

/** Why a file's bytes give no text: told in messages, and the file is left out of the index. */
export class UnreadableDocument extends Error {
  override readonly name = 'UnreadableDocument';
}

/** How many leading bytes are looked at to call a text file binary, as ripgrep does. */
const SNIFF_BYTES = 8192;

/**
 * The text of a file's bytes by its kind: Markdown and text as UTF-8 (a byte order mark dropped, line
 * ends made `\n`), HTML as Markdown (`htmlToMarkdown`), PDF page by page, each page under a
 * `## Page N` line so passages and kb.get can say which page they come from.
 */
export async function documentText(kind: KbKind, bytes: Uint8Array): Promise<DocumentText> {
  if (kind === 'pdf') {
    let pages: string[];
    try {
      pages = await pdfPages(bytes);
    } catch (error) {
      throw new UnreadableDocument(`it is not a PDF pdf.js can read (${(error as Error).message})`);
    }
    return { text: pages.map((page, index) => `## Page ${index + 1}\n\n${page}`).join('\n\n'), title: undefined };
  }
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) throw new UnreadableDocument('it holds binary data');
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const unmarked = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const text = unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked;
  if (kind === 'html') {
    const { title, markdown } = htmlToMarkdown(text);
    return { text: markdown, title };
  }
  return { text, title: kind === 'markdown' ? firstHeading(text) : undefined };
}

/** The text of the first `# ` heading among a Markdown file's first lines. */
function firstHeading(text: string): string | undefined {
  const match = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(text.slice(0, 4096));
  return match?.[1]?.trim() || undefined;
}
