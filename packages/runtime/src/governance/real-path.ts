import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

/** How many symlinks one resolution may follow before it is called a loop (Linux allows 40). */
const MAX_LINKS = 40;

export class PathLoopError extends Error {
  override readonly name = 'PathLoopError';
}

/**
 * The real path of an absolute, normalised path that may not exist yet: the real path of its deepest
 * existing ancestor plus the missing tail. A dangling symlink on the way is followed by its text, so a
 * link to a file that does not exist yet still resolves to where a write would land. Throws
 * `PathLoopError` after `MAX_LINKS` links.
 */
export function realPathOf(path: string, links = 0): string {
  try {
    return realpathSync.native(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new PathLoopError(`too many symbolic links in ${path}`);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  if (links > MAX_LINKS) throw new PathLoopError(`too many symbolic links in ${path}`);
  const parent = dirname(path);
  const name = path.slice(parent.length + (parent.endsWith(sep) ? 0 : 1));
  if (parent === path) return path;
  const realParent = realPathOf(parent, links);
  const candidate = join(realParent, name);
  let target: string;
  try {
    if (!lstatSync(candidate).isSymbolicLink()) return candidate;
    target = readlinkSync(candidate);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return candidate;
    }
    throw error;
  }
  // A dangling link: resolve its text from the folder it sits in, and keep going.
  return realPathOf(isAbsolute(target) ? resolve(target) : resolve(realParent, target), links + 1);
}

/** Containment by path components: `/w/proj2` is not inside `/w/proj`. Equal paths are inside. */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const base = parent.endsWith(sep) ? parent : `${parent}${sep}`;
  return child.startsWith(base);
}
