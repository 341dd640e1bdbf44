import { appendFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { NotesWriteArgs, NotesWriteResult } from '../../generated/types.gen.js';
import { notePath } from '../note-path.js';

/** Writes the note in the requested mode; `create` uses the `wx` flag so it never replaces a note. */
export const notesWrite: ToolHandler<NotesWriteArgs, NotesWriteResult> = async (args, context) => {
  if (!args.path.endsWith('.md')) {
    throw new ToolError('invalid_arguments', `notes are Markdown files: use a path ending in .md, not ${args.path}`);
  }
  const file = await notePath(context, '/path', args.path);
  const existed = await exists(file);
  await mkdir(dirname(file), { recursive: true });
  if (args.mode === 'append') {
    await appendFile(file, args.text);
  } else {
    try {
      await writeFile(file, args.text, { flag: args.mode === 'create' ? 'wx' : 'w' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new ToolError('conflict', `${args.path} already exists; use mode 'overwrite' or 'append'`);
      }
      throw error;
    }
  }
  const bytes = (await stat(file)).size;
  const verb = !existed ? 'created' : args.mode === 'append' ? 'appended to' : 'replaced';
  return { text: `${verb} ${args.path} (${bytes} bytes)`, data: { path: args.path, bytes, created: !existed } };
};

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
