import type { ToolHandler } from '@wesgine/schema';
import type { WriteArgs } from '../../generated/types.gen.js';
import { commitSeen } from '../files/after-write.js';
import { currentFile } from '../files/current-file.js';
import { splitLines } from '../files/numbered-lines.js';
import { writeTarget } from '../files/resolved-path.js';
import { withFileLocks } from '../fs/file-locks.js';
import { inFileEndings } from '../fs/keep-endings.js';
import { formatSize } from '../fs/text-file.js';

/**
 * Writes a whole file atomically; replacing one needs a fresh read of it in this session. Content
 * without a CR replacing a file that has CRs is put in the file's own endings (see `inFileEndings`).
 */
export const write: ToolHandler<WriteArgs> = async (args, context) => {
  const real = writeTarget(context, '/path', args.path);
  return withFileLocks([real], async () => {
    const existing = await currentFile(context.session, real, args.path);
    const content = existing === undefined ? args.content : inFileEndings(existing.text, args.content);
    await commitSeen(context.session, [{ path: real, content, shown: args.path }]);
    const lines = splitLines(content).length;
    const size = `${lines} line${lines === 1 ? '' : 's'}, ${formatSize(Buffer.byteLength(content))}`;
    return existing === undefined ? `Created ${args.path} (${size}).` : `Replaced ${args.path} (${size}).`;
  });
};
