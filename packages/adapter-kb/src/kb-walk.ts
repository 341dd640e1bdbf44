import { type Dirent, readdirSync } from 'node:fs';
import type { KbFilter } from './kb-filter.js';
import type { KbKind } from './kb-store.js';

/** A file the walk found: its real path, its path under the kb folder, and what it is read as. */
export interface FoundDocument {
  readonly path: string;
  readonly rel: string;
  readonly kind: KbKind;
}

export interface WalkOptions {
  /** The real path of the folder to walk, and its path under the kb folder ('' for the kb folder itself). */
  readonly dir: string;
  readonly rel: string;
  readonly filter: KbFilter;
  /** Governance's judgement of a found file (Hardline, roots, Zone): a file it refuses is never yielded. */
  readonly mayRead: (path: string) => boolean;
  /** Real paths never entered (the cell's own data folder). */
  readonly skip: readonly string[];
}

/**
 * Yields the files of a folder that the kb indexes, depth first, never following a symbolic link (a
 * linked file or folder is not visited, so no link leads out of the folder) and never entering a folder
 * the filter or `skip` leaves out. A folder that cannot be listed is passed over.
 */
export function* walkDocuments(options: WalkOptions): Generator<FoundDocument, void, undefined> {
  const { filter, mayRead, skip } = options;
  const stack: { dir: string; rel: string }[] = [{ dir: options.dir, rel: options.rel }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(next.dir, { withFileTypes: true });
    } catch {
      continue;
    }
    const prefix = next.rel === '' ? '' : `${next.rel}/`;
    for (const entry of entries) {
      const name = entry.name;
      const path = `${next.dir}/${name}`;
      const rel = prefix + name;
      if (entry.isDirectory()) {
        if (filter.entersFolder(rel, name) && !skip.some((skipped) => isAtOrUnder(path, skipped))) {
          stack.push({ dir: path, rel });
        }
      } else if (entry.isFile()) {
        const kind = filter.kindOf(rel, name);
        if (kind !== undefined && mayRead(path)) yield { path, rel, kind };
      }
    }
  }
}

/** Whether `path` is `folder` or lies under it. */
export function isAtOrUnder(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}
