import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { NotesClipArgs } from '../../generated/types.gen.js';

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
  const note = join('clips', `${slug}.md`);
  const tags = args.tags === undefined || args.tags.length === 0 ? '' : `tags: ${args.tags.join(', ')}\n`;
  const text = `# ${args.title}\n\nsource: ${args.url}\nclipped: ${new Date().toISOString()}\n${tags}\n${body}\n`;
  await mkdir(join(context.workDir, 'clips'), { recursive: true });
  await writeFile(join(context.workDir, note), text);
  return `saved ${body.length} characters from ${address.host} to ${note.split('\\').join('/')}`;
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
