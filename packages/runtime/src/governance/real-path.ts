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
  // existsSync follows links and never throws; a missing file costs no exception this way.
  if (existsSync(path)) return realpathSync.native(path);
  if (links > MAX_LINKS) throw new PathLoopError(`too many symbolic links in ${path}`);
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = realPathOf(parent, links);
  const candidate = join(realParent, basename(path));
  if (lstatSync(candidate, { throwIfNoEntry: false })?.isSymbolicLink() !== true) return candidate;
  // A dangling link (or one in a loop): resolve its text from the folder it sits in, and keep going.
  const target = readlinkSync(candidate);
  return realPathOf(isAbsolute(target) ? resolve(target) : resolve(realParent, target), links + 1);
}

/** Containment by path components: `/w/proj2` is not inside `/w/proj`. Equal paths are inside. */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const base = parent.endsWith(sep) ? parent : `${parent}${sep}`;
  return child.startsWith(base);
}
