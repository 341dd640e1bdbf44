// What a program made where it may not write. The sandbox can only make read-only what exists when the
// program starts: a git hook in a hooks folder that did not exist yet, or a CI file in a new folder, is
// a new path in a writable folder. Once every process of the program is gone (its PID namespace ended,
// so nothing of it can race this), the roots are looked at again and each protected path that is new
// is removed. A git folder the program made itself (git init, git clone) is its own and left alone.
import { rmSync } from 'node:fs';
import { hardlinePath } from '../governance/hardline-paths.js';
import { isInside } from '../governance/real-path.js';
import type { SandboxView } from './sandbox-view.js';

/** The protected paths in `after` that were not in `before`, outermost only. */
export function protectedCreations(before: SandboxView, after: SandboxView): string[] {
  const known = new Set([...before.readOnly, ...before.pinned, ...before.hidden.map((hidden) => hidden.path)]);
  // What lay under a read-only or covered path could not change; under a pinned folder (.git) it could.
  const sealed = [...before.readOnly, ...before.hidden.map((hidden) => hidden.path)];
  const ownRepositories = after.pinned.filter((path) => !before.pinned.includes(path));
  const candidates = [
    ...after.readOnly,
    // Hidden paths that Hardline closes (a credential folder made in a root that is a home folder);
    // a secret file a Zone hides (a new .env) is the program's own content, and stays.
    ...after.hidden
      .map((hidden) => hidden.path)
      .filter((path) => !hardlinePath({ lexical: path, real: path }, 'read').allow),
  ];
  const found = candidates.filter(
    (path) =>
      !known.has(path) &&
      !sealed.some((old) => isInside(path, old)) &&
      !ownRepositories.some((repository) => isInside(path, repository)),
  );
  return found.filter((path) => !found.some((other) => other !== path && isInside(path, other))).sort();
}

/** Removes them (links themselves, never what they point to); returns those that were removed. */
export function removeCreations(paths: readonly string[]): string[] {
  const removed: string[] = [];
  for (const path of paths) {
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // gone already, or not removable: nothing was undone there
    }
  }
  return removed;
}
