import { lstat } from 'node:fs/promises';
import { ToolError, type ToolSession } from '@wesgine/schema';
import { fileError } from '../fs/file-errors.js';
import { requireFreshRead } from '../fs/read-ledger.js';
import { readTextFile, type TextFile } from '../fs/text-file.js';

/**
 * The file a change is about to replace, or `undefined` when there is none yet. An existing file must
 * be a regular text file, reached without a link in its last component, that this session has read
 * as it is now (`not_read`, `stale_read`).
 */
export async function currentFile(session: ToolSession, real: string, shown: string): Promise<TextFile | undefined> {
  try {
    const stat = await lstat(real);
    if (stat.isSymbolicLink()) {
      throw new ToolError(
        'not_a_file',
        `${shown} is a symbolic link; files are changed only through their real path, never through a link.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileError(error, shown);
  }
  const file = await readTextFile(real, shown);
  requireFreshRead(session, real, file.stat, file.hash, shown);
  return file;
}
