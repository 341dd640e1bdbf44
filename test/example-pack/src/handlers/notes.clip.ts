import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ToolContext, ToolError, type ToolHandler } from '@wesgine/schema';
import type { NotesClipArgs } from '../../generated/types.gen.js';
import { notePath } from '../note-path.js';

/** Fetches the page, strips the markup down to text, and saves it as `clips/<slug>.md`. */
export const notesClip: ToolHandler<NotesClipArgs> = async (args, context) => {
  const address = new URL(args.url);
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    throw new ToolError('invalid_arguments', `only http and https pages can be clipped, not ${address.protocol}`);
  }
  const response = await fetch(address, { signal: context.signal });
  if (!response.ok) {
    throw new ToolError('unavailable', `${args.url} answered ${response.status} ${response.statusText}`);
  }
  const body = pageText(await response.text());
  const slug =
    args.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'clip';
  const tags = args.tags === undefined || args.tags.length === 0 ? '' : `tags: ${args.tags.join(', ')}\n`;
  const text = `# ${args.title}\n\nsource: ${args.url}\nclipped: ${new Date().toISOString()}\n${tags}\n${body}\n`;
  await mkdir(join(context.workDir, 'clips'), { recursive: true });
  const note = await saveNew(context, slug, text);
  return `saved ${body.length} characters from ${address.host} to ${note}`;
};

function pageText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Writes `clips/<slug>.md`, or `<slug>-2.md` and so on when that note exists: a clip never replaces a note. */
async function saveNew(context: ToolContext, slug: string, text: string): Promise<string> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const note = `clips/${slug}${attempt === 1 ? '' : `-${attempt}`}.md`;
    try {
      await writeFile(await notePath(context, '', note), text, { flag: 'wx' });
      return note;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new ToolError('conflict', `clips/${slug}.md and 99 numbered copies exist already; choose another title`);
}
