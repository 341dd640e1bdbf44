import type { ToolHandler } from '@wesgine/schema';
import type { WriteArgs } from '../../generated/types.gen.js';
import { commitSeen } from '../files/after-write.js';
import { currentFile } from '../files/current-file.js';
import { splitLines } from '../files/numbered-lines.js';
import { writeTarget } from '../files/resolved-path.js';
import { withFileLocks } from '../fs/file-locks.js';
import { formatSize } from '../fs/text-file.js';

/** Writes a whole file atomically; replacing one needs a fresh read of it in this session. */
export const write: ToolHandler<WriteArgs> = async (args, context) => {
  const real = writeTarget(context, '/path', args.path);
  return withFileLocks([real], async () => {
    const existing = await currentFile(context.session, real, args.path);
    await commitSeen(context.session, [{ path: real, content: args.content, shown: args.path }]);
    const lines = splitLines(args.content).length;
    const size = `${lines} line${lines === 1 ? '' : 's'}, ${formatSize(Buffer.byteLength(args.content))}`;
    return existing === undefined ? `Created ${args.path} (${size}).` : `Replaced ${args.path} (${size}).`;
  });
};
