import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { ReadArgs } from '../../generated/types.gen.js';
import { numberLines, splitLines } from '../files/numbered-lines.js';
import { resolvedPath } from '../files/resolved-path.js';
import { recordRead } from '../fs/read-ledger.js';
import { formatSize, readTextFile } from '../fs/text-file.js';

/** The most lines one call returns. */
const MAX_LINES = 2000;
/** The largest file read whole without offset or limit. */
const WHOLE_FILE_LIMIT = 256 * 1024;

/**
 * Reads a text file as numbered lines, a window of at most 2000 at a time, and notes in the session's
 * read ledger that the file was seen (so `write` and `edit` may change it).
 */
export const read: ToolHandler<ReadArgs> = async (args, context) => {
  const real = resolvedPath(context, '/path');
  const file = await readTextFile(real, args.path);
  const whole = args.offset === undefined && args.limit === undefined;
  if (whole && file.stat.size > WHOLE_FILE_LIMIT) {
    throw new ToolError(
      'file_too_large',
      `${args.path} is ${formatSize(file.stat.size)}, over the ${formatSize(WHOLE_FILE_LIMIT)} a whole read may return; read it in parts with offset and limit, or find what you need with grep.`,
    );
  }
  recordRead(context.session, real, file.stat, file.hash);
  const lines = splitLines(file.text);
  if (lines.length === 0) return `${args.path} is empty.`;
  const offset = args.offset ?? 1;
  if (offset > lines.length) {
    throw new ToolError(
      'invalid_arguments',
      `offset ${offset} is past the end of ${args.path}, which has ${lines.length} line${lines.length === 1 ? '' : 's'}.`,
    );
  }
  const last = Math.min(lines.length, offset - 1 + (args.limit ?? MAX_LINES));
  const body = numberLines(lines.slice(offset - 1, last), offset);
  if (offset === 1 && last === lines.length) return body;
  const more = last < lines.length ? `; continue with offset ${last + 1}` : '';
  return `[lines ${offset}-${last} of ${lines.length}${more}]\n${body}`;
};
