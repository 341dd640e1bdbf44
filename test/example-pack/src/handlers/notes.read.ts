import { readFile } from 'node:fs/promises';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { NotesReadArgs, NotesReadResult } from '../../generated/types.gen.js';
import { notePath } from '../note-path.js';

/** Returns a window of the note's lines, numbered, and says how to read on when there is more. */
export const notesRead: ToolHandler<NotesReadArgs, NotesReadResult> = async (args, context) => {
  const file = await notePath(context, '/path', args.path);
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ToolError('not_found', `there is no note ${args.path}; find notes with notes.search`);
    }
    throw error;
  }
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  const from = args.fromLine ?? 1;
  const shown = lines.slice(from - 1, from - 1 + (args.maxLines ?? 200));
  const numbered = shown.map((line, index) => `${String(from + index).padStart(5)}  ${line}`).join('\n');
  const next = from + shown.length;
  const rest = next === lines.length ? `line ${next}` : `lines ${next}-${lines.length}`;
  const more = next <= lines.length ? `\n(${rest} not shown; read on with fromLine: ${next})` : '';
  return {
    text: `${args.path} (${lines.length} lines)\n${numbered}${more}`,
    data: { path: args.path, totalLines: lines.length, text: numbered },
  };
};
