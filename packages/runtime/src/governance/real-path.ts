import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

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
  if (links > MAX_LINKS) throw new PathLoopError(`too many symbolic links in ${path}`);
  // lstat follows every link but the last, and answers "no entry" without an exception: then the last
  // part is missing (and is no link), and the path is its folder's real path plus that name.
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (entry === undefined) {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent, links), basename(path));
  }
  if (!entry.isSymbolicLink() || existsSync(path)) return realpathSync.native(path);
  // A dangling link (or one in a loop): resolve its text from the folder it sits in, and keep going.
  const target = readlinkSync(path);
  const folder = realPathOf(dirname(path), links);
  return realPathOf(isAbsolute(target) ? resolve(target) : resolve(folder, target), links + 1);
}

/** Containment by path components: `/w/proj2` is not inside `/w/proj`. Equal paths are inside. */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  if (parent.endsWith(sep)) return child.startsWith(parent);
  // No joined string: the prefix, then a separator right after it.
  return child.length > parent.length && child.startsWith(parent) && child[parent.length] === sep;
}
