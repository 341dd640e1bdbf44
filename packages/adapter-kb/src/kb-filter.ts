import picomatch from 'picomatch';
import { kindOf } from './document-kind.js';
import type { KbKind } from './kb-store.js';

/** Folders never entered: version control's own, and installed packages. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', 'node_modules']);

/**
 * Which files of a kb folder are indexed, by their path relative to the folder ('/'-separated): a kind
 * the kb reads, matching `include` when given, matching no `exclude`. An `exclude` that matches a folder
 * leaves out everything under it.
 */
export class KbFilter {
  readonly #include: ((path: string) => boolean) | undefined;
  readonly #exclude: ((path: string) => boolean) | undefined;

  constructor(include: readonly string[] | undefined, exclude: readonly string[] | undefined) {
    const options = { dot: true };
    this.#include = include === undefined ? undefined : picomatch([...include], options);
    this.#exclude = exclude === undefined || exclude.length === 0 ? undefined : picomatch([...exclude], options);
  }

  /** Whether the walk enters the folder at `rel`, whose last part is `name`. */
  entersFolder(rel: string, name: string): boolean {
    if (SKIPPED_FOLDERS.has(name)) return false;
    return this.#exclude === undefined || !(this.#exclude(rel) || this.#exclude(`${rel}/`));
  }

  /** The kind of the file at `rel` when it is indexed, else `undefined`. */
  kindOf(rel: string, name: string): KbKind | undefined {
    const kind = kindOf(name);
    if (kind === undefined) return undefined;
    if (this.#include !== undefined && !this.#include(rel)) return undefined;
    if (this.#exclude?.(rel) === true) return undefined;
    return kind;
  }

  /** `kindOf` for a path found by a watch event: every folder on the way must be one the walk enters. */
  kindOfPath(rel: string): KbKind | undefined {
    const parts = rel.split('/');
    for (let index = 0; index < parts.length - 1; index++) {
      if (!this.entersFolder(parts.slice(0, index + 1).join('/'), parts[index] ?? '')) return undefined;
    }
    return this.kindOf(rel, parts.at(-1) ?? '');
  }
}
