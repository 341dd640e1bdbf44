import { type Dirent, type FSWatcher, lstatSync, readdirSync, watch } from 'node:fs';
import type { KbFilter } from './kb-filter.js';
import type { KbFolder } from './kb-indexer.js';
import { isAtOrUnder } from './kb-walk.js';

/** How long the watcher waits after the last change before it updates the index (editors write in bursts). */
export const DEBOUNCE_MS = 120;

export interface WatcherOptions {
  readonly folders: readonly KbFolder[];
  readonly filter: KbFilter;
  /** Real paths never watched (the cell's data folder, which the index itself changes). */
  readonly skip: readonly string[];
  /** Called with the real paths that changed, once a burst of changes is over. */
  readonly changed: (paths: Set<string>) => void;
  /** Called when a folder cannot be watched, with a sentence saying so. */
  readonly warn: (message: string) => void;
}

/**
 * Watches the kb folders and hands on the paths that changed, debounced: created, changed, renamed and
 * removed files and folders alike (the indexer looks at each to see which). One watch per folder of the
 * tree, not per file (Node's own recursive watch on Linux opens one per file, which a folder of tens of
 * thousands of files runs out of); a folder made later is watched when it appears, and links are never
 * followed. Nothing here keeps a process alive: watches are not persistent and the timer is unref'd.
 */
export class KbWatcher {
  readonly #options: WatcherOptions;
  readonly #watchers = new Map<string, FSWatcher>();
  #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #warned = false;

  constructor(options: WatcherOptions) {
    this.#options = options;
    for (const folder of options.folders) this.#watchTree(folder, folder.real);
  }

  /** How many folders are watched. */
  get size(): number {
    return this.#watchers.size;
  }

  /** Stops every watch; changes not yet handed on are dropped (the scan at the next start finds them). */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  /** Watches `dir` and every folder under it that the walk would enter. */
  #watchTree(folder: KbFolder, dir: string): void {
    const { filter, skip } = this.#options;
    const stack = [dir];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (this.#watchers.has(next) || !this.#watchOne(folder, next)) continue;
      let entries: Dirent[];
      try {
        entries = readdirSync(next, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (!entry.isDirectory()) continue;
        const path = `${next}/${entry.name}`;
        const rel = path.slice(folder.real.length + 1);
        if (filter.entersFolder(rel, entry.name) && !skip.some((skipped) => isAtOrUnder(path, skipped)))
          stack.push(path);
      }
    }
  }

  #watchOne(folder: KbFolder, dir: string): boolean {
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        this.#note(folder, name === null || name === '' ? dir : `${dir}/${name.toString()}`);
      });
    } catch (error) {
      if (!this.#warned) {
        this.#warned = true;
        this.#options.warn(
          `the kb cannot watch ${dir} (${(error as Error).message}); changes there are picked up at the next start`,
        );
      }
      return false;
    }
    // A watched folder that goes away ends its watch; the change is told by its parent's watch.
    watcher.on('error', () => this.#unwatch(dir));
    this.#watchers.set(dir, watcher);
    return true;
  }

  #unwatch(path: string): void {
    for (const [dir, watcher] of this.#watchers) {
      if (isAtOrUnder(dir, path)) {
        watcher.close();
        this.#watchers.delete(dir);
      }
    }
  }

  #note(folder: KbFolder, path: string): void {
    if (this.#closed || this.#options.skip.some((skipped) => isAtOrUnder(path, skipped))) return;
    let isFolder = false;
    try {
      isFolder = lstatSync(path).isDirectory();
    } catch {
      if (path !== folder.real) this.#unwatch(path);
    }
    if (isFolder && !this.#watchers.has(path)) {
      const rel = path.slice(folder.real.length + 1);
      const parts = rel.split('/');
      const entered = parts.every((name, index) =>
        this.#options.filter.entersFolder(parts.slice(0, index + 1).join('/'), name),
      );
      if (entered) this.#watchTree(folder, path);
    }
    this.#pending.add(path);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const paths = this.#pending;
      this.#pending = new Set();
      this.#options.changed(paths);
    }, DEBOUNCE_MS);
    this.#timer.unref();
  }
}
