import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import type { KbFolder } from './kb-indexer.js';

/** How long the watcher waits after the last change before it updates the index (editors write in bursts). */
export const DEBOUNCE_MS = 120;

export interface WatcherOptions {
  readonly folders: readonly KbFolder[];
  /** Called with the real paths that changed, once a burst of changes is over. */
  readonly changed: (paths: Set<string>) => void;
  /** Called when a folder cannot be watched (or stops being watched), with a sentence saying so. */
  readonly warn: (message: string) => void;
}

/**
 * Watches every kb folder with `fs.watch(folder, { recursive: true })` and hands on the paths that
 * changed, debounced: created, changed, renamed and removed files and folders alike (the indexer looks
 * at each to see which). An event without a name stands for the whole folder. Timers are unref'd, so a
 * watch never keeps a process alive on its own.
 */
export class KbWatcher {
  readonly #options: WatcherOptions;
  readonly #watchers: FSWatcher[] = [];
  #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: WatcherOptions) {
    this.#options = options;
    for (const folder of options.folders) this.#watch(folder);
  }

  /** Stops every watch; changes not yet handed on are dropped (a scan at the next start finds them). */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    for (const watcher of this.#watchers) watcher.close();
    this.#watchers.length = 0;
  }

  #watch(folder: KbFolder): void {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder.real, { recursive: true, persistent: false }, (_event, name) => {
        this.#note(name === null || name === '' ? folder.real : join(folder.real, name.toString()));
      });
    } catch (error) {
      this.#options.warn(
        `the kb cannot watch ${folder.shown} (${(error as Error).message}); changes there are picked up at the next start`,
      );
      return;
    }
    watcher.on('error', (error) => {
      if (this.#closed) return;
      watcher.close();
      this.#options.warn(
        `the kb stopped watching ${folder.shown} (${error.message}); changes there are picked up at the next start`,
      );
      this.#note(folder.real);
    });
    this.#watchers.push(watcher);
  }

  #note(path: string): void {
    if (this.#closed) return;
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
