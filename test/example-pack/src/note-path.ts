import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';

/**
 * The real path of a note inside the notes folder (`context.workDir`). The runtime's Sandbox resolves
 * `Path()` arguments before a handler runs; this checks again, so the pack stays safe when it is run by
 * something without a sandbox: no absolute paths, no `..` out of the folder, no symlink that leads out.
 */
export async function notePath(context: ToolContext, pointer: string, given: string): Promise<string> {
  const root = await realpath(context.workDir);
  const candidate = context.resolvedPaths.get(pointer) ?? resolve(root, given);
  const real = await realpathOfExisting(candidate);
  if (real !== root && !real.startsWith(`${root}${sep}`)) {
    throw new ToolError(
      'denied',
      `${given} is outside the notes folder; give a path inside it, such as ideas/garden.md`,
    );
  }
  return real;
}

/** `realpath` of the longest existing prefix, with the missing rest appended (a note may not exist yet). */
async function realpathOfExisting(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(path) === path) throw error;
    return join(await realpathOfExisting(dirname(path)), basename(path));
  }
}
