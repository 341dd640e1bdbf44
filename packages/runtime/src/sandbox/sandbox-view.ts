// What a sandboxed program sees of the cell's roots: which roots it may write, which paths inside them
// are read-only (Hardline's protected files, Zone paths that would ask) and which are hidden (denied
// folders, credential folders, Zone paths that deny). Found by walking the roots without following
// links; the masks are real paths, so a link inside a root cannot lead around them.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../governance/real-path.js';
import type { PreparedRoots } from '../governance/sandbox-path.js';
import type { FolderMemo } from './folder-memo.js';

/** A path's two forms, as governance judges it. */
export interface PathForms {
  readonly lexical: string;
  readonly real: string;
}

/**
 * What one path of a root becomes inside the sandbox; `undefined`: as its root. `pinned`: a folder that
 * stays writable but cannot be renamed, removed or replaced (it is a mount point inside).
 */
export type PathTreatment = 'hidden' | 'read-only' | 'pinned' | undefined;

export interface SandboxView {
  /** Real paths of the roots, each writable or not. */
  readonly roots: readonly { readonly path: string; readonly writable: boolean }[];
  /** Real paths of folders bound onto themselves in a writable root, so they cannot be moved away. */
  readonly pinned: readonly string[];
  /** Real paths bound read-only over a writable root. */
  readonly readOnly: readonly string[];
  /** Real paths covered: folders with an empty read-only folder, files with one that cannot be opened. */
  readonly hidden: readonly { readonly path: string; readonly folder: boolean }[];
}

/** More entries than a work folder plausibly holds: past it the view cannot be trusted, so none is made. */
export const MAX_VIEW_ENTRIES = 500_000;

export class SandboxViewError extends Error {
  override readonly name = 'SandboxViewError';
}

/**
 * The view for one program. `memo` lists each folder of the roots with the treatment of its entries
 * (it is not asked about what lies inside a hidden folder). `writable` false makes every root read-only
 * (a call classed as only looking).
 */
export function sandboxView(roots: PreparedRoots, writable: boolean, memo: FolderMemo): SandboxView {
  const view = {
    roots: [] as { path: string; writable: boolean }[],
    pinned: [] as string[],
    readOnly: [] as string[],
    hidden: [] as { path: string; folder: boolean }[],
  };
  // A root that does not exist has nothing to show; a mount of it would fail.
  const mounted = dedupeRoots(roots.allowed.filter((root) => isFolder(root.real)));
  for (const root of mounted) {
    view.roots.push({ path: root.real, writable });
    if (memo.treat(root, true) === 'hidden') view.hidden.push({ path: root.real, folder: true });
  }
  for (const denied of roots.denied) {
    const entry = lstatSync(denied.real, { throwIfNoEntry: false });
    if (entry === undefined || entry.isSymbolicLink()) continue;
    if (mounted.some((root) => isInside(denied.real, root.real))) {
      view.hidden.push({ path: denied.real, folder: entry.isDirectory() });
    }
  }
  let seen = 0;
  const walk = (folder: PathForms): void => {
    const entries = memo.entries(folder);
    if (entries === undefined) return; // unreadable or gone: the program cannot read it either
    seen += entries.length;
    if (seen > MAX_VIEW_ENTRIES) {
      throw new SandboxViewError(
        `the allowed folders hold more than ${MAX_VIEW_ENTRIES} files and folders, too many to check for protected paths`,
      );
    }
    for (const entry of entries) {
      const { treatment } = entry;
      // A plain file is as its folder: nothing to do (most entries of a tree).
      if (treatment === undefined && !entry.folder) continue;
      const path = { lexical: join(folder.lexical, entry.name), real: join(folder.real, entry.name) };
      if (roots.denied.some((denied) => isInside(path.real, denied.real) || isInside(path.lexical, denied.lexical))) {
        continue; // hidden whole already
      }
      if (entry.link) {
        // A mount would follow the link: what is covered is its target, when that lies in a root (a
        // target outside the roots is not there to reach).
        if (treatment !== undefined) coverTarget(path.real, treatment);
        continue;
      }
      if (treatment === 'hidden') {
        view.hidden.push({ path: path.real, folder: entry.folder });
        continue;
      }
      if (treatment === 'read-only' && writable) view.readOnly.push(path.real);
      if (treatment === 'pinned' && writable && entry.folder) view.pinned.push(path.real);
      if (entry.folder) walk(path);
    }
  };
  const coverTarget = (link: string, treatment: Exclude<PathTreatment, undefined>): void => {
    let target: string;
    try {
      target = realpathSync(link);
    } catch {
      return; // dangling: nothing to cover
    }
    if (!mounted.some((root) => isInside(target, root.real))) return;
    if (treatment === 'hidden') view.hidden.push({ path: target, folder: statSync(target).isDirectory() });
    else if (treatment === 'read-only' && writable) view.readOnly.push(target);
  };
  for (const root of mounted) {
    if (!view.hidden.some((hidden) => hidden.path === root.real)) walk(root);
  }
  return view;
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** Roots without those inside another root (their content is walked and mounted with the outer one). */
function dedupeRoots(roots: readonly PathForms[]): PathForms[] {
  const kept: PathForms[] = [];
  for (const root of roots) {
    if (roots.some((other) => other !== root && other.real !== root.real && isInside(root.real, other.real))) continue;
    if (kept.some((other) => other.real === root.real)) continue;
    kept.push(root);
  }
  return kept;
}
