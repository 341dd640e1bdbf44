// What a sandboxed program sees of the cell's roots: which roots it may write, which paths inside them
// are read-only (Hardline's protected files, Zone paths that would ask) and which are hidden (denied
// folders, credential folders, Zone paths that deny). Found by walking the roots without following
// links; the masks are real paths, so a link inside a root cannot lead around them.
import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../governance/real-path.js';
import type { PreparedRoots } from '../governance/sandbox-path.js';

/** A path's two forms, as governance judges it. */
export interface PathForms {
  readonly lexical: string;
  readonly real: string;
}

/** What one path of a root becomes inside the sandbox; `undefined`: as its root. */
export type PathTreatment = 'hidden' | 'read-only' | undefined;

export interface SandboxView {
  /** Real paths of the roots, each writable or not. */
  readonly roots: readonly { readonly path: string; readonly writable: boolean }[];
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
 * The view for one program. `treat` judges each entry of the roots (and is not asked about what lies
 * inside a hidden folder). `writable` false makes every root read-only (a call classed as only looking).
 */
export function sandboxView(
  roots: PreparedRoots,
  writable: boolean,
  treat: (path: PathForms, folder: boolean) => PathTreatment,
): SandboxView {
  const view = {
    roots: [] as { path: string; writable: boolean }[],
    readOnly: [] as string[],
    hidden: [] as { path: string; folder: boolean }[],
  };
  const mounted = dedupeRoots(roots.allowed);
  for (const root of mounted) {
    view.roots.push({ path: root.real, writable });
    if (treat(root, true) === 'hidden') {
      view.hidden.push({ path: root.real, folder: true });
    }
  }
  for (const denied of roots.denied) {
    if (mounted.some((root) => isInside(denied.real, root.real))) view.hidden.push({ path: denied.real, folder: true });
  }
  let seen = 0;
  const walk = (folder: PathForms): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder.real, { withFileTypes: true });
    } catch {
      return; // unreadable or gone: the program cannot read it either
    }
    seen += entries.length;
    if (seen > MAX_VIEW_ENTRIES) {
      throw new SandboxViewError(
        `the allowed folders hold more than ${MAX_VIEW_ENTRIES} files and folders, too many to check for protected paths`,
      );
    }
    for (const entry of entries) {
      const path = { lexical: join(folder.lexical, entry.name), real: join(folder.real, entry.name) };
      const isFolder = entry.isDirectory();
      if (roots.denied.some((denied) => isInside(path.real, denied.real) || isInside(path.lexical, denied.lexical))) {
        continue; // hidden whole already
      }
      const treatment = treat(path, isFolder);
      if (treatment === 'hidden') {
        view.hidden.push({ path: path.real, folder: isFolder });
        continue;
      }
      if (treatment === 'read-only' && writable) view.readOnly.push(path.real);
      if (isFolder) walk(path);
    }
  };
  for (const root of mounted) {
    if (!view.hidden.some((hidden) => hidden.path === root.real)) walk(root);
  }
  return view;
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
