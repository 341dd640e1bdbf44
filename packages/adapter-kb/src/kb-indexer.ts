import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { documentText, UnreadableDocument } from './document-text.js';
import type { KbFilter } from './kb-filter.js';
import type { KbEntry, KbFileState, KbStore } from './kb-store.js';
import { type FoundDocument, isAtOrUnder, walkDocuments } from './kb-walk.js';
import { lineCount, passagesOf } from './passages.js';
import { readFoundFile } from './read-found-file.js';

/** A configured kb folder: its real path, and how the model sees it. */
export interface KbFolder {
  readonly real: string;
  readonly shown: string;
}

export interface IndexerOptions {
  readonly store: KbStore;
  readonly folders: readonly KbFolder[];
  readonly filter: KbFilter;
  readonly maxFileBytes: number;
  /** Governance's judgement of a found file; one it refuses is never indexed (and dropped if it was). */
  readonly mayRead: (path: string) => boolean;
  /** Real paths never walked (the cell's data folder, where the index itself lives). */
  readonly skip: readonly string[];
}

/** What a scan did. `unchanged` files were not read; `touched` ones were read but their bytes had not changed. */
export interface ScanReport {
  readonly indexed: number;
  readonly touched: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly skipped: number;
}

/** Documents written to the store in one transaction, at most. */
const BATCH_FILES = 100_000;
/** Bytes of text written in one transaction, at most. */
const BATCH_BYTES = 64 * 1024 * 1024;
/** Files handled between two yields to the event loop, so calls keep being answered during a big scan. */
const FILES_PER_TURN = 200;

/**
 * Keeps the index equal to the folders: a scan compares every indexed file with the disk (size and
 * modified time, then the bytes' hash) and reads only what changed; `update` does the same for the paths
 * a watch reported. Work runs one piece at a time, in order; a file that cannot be read is left out and
 * remembered with the reason (`skipped`).
 */
export class KbIndexer {
  readonly #options: IndexerOptions;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** Files left out, by real path, with why: shown by kb.list. */
  readonly skipped = new Map<string, string>();

  constructor(options: IndexerOptions) {
    this.#options = options;
  }

  /** Brings every folder up to date: new and changed files read, removed ones (and other folders') dropped. */
  scan(): Promise<ScanReport> {
    return this.#enqueue(() =>
      this.#reconcile(
        this.#options.folders.map((folder) => ({ folder, path: folder.real })),
        true,
      ),
    );
  }

  /** Brings the given real paths (files or folders, present or gone) up to date. */
  update(paths: Iterable<string>): Promise<ScanReport> {
    const sorted = [...new Set(paths)].sort();
    const targets: { folder: KbFolder; path: string }[] = [];
    for (const path of sorted) {
      if (targets.some((target) => isAtOrUnder(path, target.path))) continue;
      if (this.#options.skip.some((skipped) => isAtOrUnder(path, skipped))) continue;
      const folder = this.#options.folders.find((candidate) => isAtOrUnder(path, candidate.real));
      if (folder !== undefined) targets.push({ folder, path });
    }
    return this.#enqueue(() => this.#reconcile(targets, false));
  }

  /** Resolves when the work queued so far is done. */
  idle(): Promise<void> {
    return this.#queue.then(
      () => {},
      () => {},
    );
  }

  /** Stops after the piece of work under way; later work does nothing. */
  close(): Promise<void> {
    this.#closed = true;
    return this.idle();
  }

  #enqueue(work: () => Promise<ScanReport>): Promise<ScanReport> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => {});
    return next;
  }

  async #reconcile(targets: readonly { folder: KbFolder; path: string }[], whole: boolean): Promise<ScanReport> {
    const counts = { indexed: 0, touched: 0, unchanged: 0, removed: 0, skipped: 0 };
    if (this.#closed || targets.length === 0) return counts;
    const { store } = this.#options;
    const known = new Map<string, KbFileState>();
    for (const state of await store.states()) known.set(state.path, state);
    const seen = new Set<string>();
    let put: KbEntry[] = [];
    let touch: KbFileState[] = [];
    let bytes = 0;
    const flush = async () => {
      if (put.length === 0 && touch.length === 0) return;
      await store.write({ put, touch });
      put = [];
      touch = [];
      bytes = 0;
    };
    let handled = 0;
    for (const target of targets) {
      for (const found of this.#found(target.folder, target.path)) {
        if (this.#closed) return counts;
        if (++handled % FILES_PER_TURN === 0) await yieldToLoop();
        const outcome = await this.#consider(found, target.folder, known.get(found.path));
        if (outcome === 'gone') continue;
        seen.add(found.path);
        if (outcome === 'unchanged') counts.unchanged++;
        else if ('document' in outcome) {
          put.push(outcome);
          bytes += outcome.document.size;
          counts.indexed++;
        } else {
          touch.push(outcome);
          counts.touched++;
        }
        if (put.length + touch.length >= BATCH_FILES || bytes >= BATCH_BYTES) await flush();
      }
    }
    const remove: string[] = [];
    for (const path of known.keys()) {
      if (seen.has(path)) continue;
      const inTarget = targets.some((target) => isAtOrUnder(path, target.path));
      const inFolder = this.#options.folders.some((folder) => isAtOrUnder(path, folder.real));
      if (inTarget || (whole && !inFolder)) remove.push(path);
    }
    counts.removed = remove.length;
    counts.skipped = this.skipped.size;
    if (this.#closed) return counts;
    if (put.length + touch.length + remove.length > 0) await store.write({ put, touch, remove });
    return counts;
  }

  /** The indexable files at `path` under `folder`: a folder walked, a file judged alone, nothing when gone. */
  *#found(folder: KbFolder, path: string): Generator<FoundDocument, void, undefined> {
    const { filter, mayRead, skip } = this.#options;
    const rel = path === folder.real ? '' : path.slice(folder.real.length + 1);
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(path);
      // A folder on the way swapped for a link: what lies behind it is not the kb folder's.
      if (rel !== '' && realpathSync(path) !== path) return;
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (rel !== '' && !this.#entersAll(rel)) return;
      yield* walkDocuments({ dir: path, rel, filter, mayRead, skip });
    } else if (stat.isFile()) {
      const kind = filter.kindOfPath(rel);
      if (kind !== undefined && mayRead(path)) yield { path, rel, kind };
    }
  }

  /** Whether the walk would enter every folder of `rel` (including itself). */
  #entersAll(rel: string): boolean {
    const parts = rel.split('/');
    return parts.every((name, index) => this.#options.filter.entersFolder(parts.slice(0, index + 1).join('/'), name));
  }

  /** What to do with one found file: leave it, note a touch, index it, or nothing (gone or unreadable). */
  async #consider(
    found: FoundDocument,
    folder: KbFolder,
    known: KbFileState | undefined,
  ): Promise<'unchanged' | 'gone' | KbFileState | KbEntry> {
    try {
      if (known !== undefined && known.folder === folder.real) {
        const stat = lstatSync(found.path);
        if (stat.isFile() && stat.size === known.size && stat.mtimeMs === known.mtimeMs) {
          this.skipped.delete(found.path);
          return 'unchanged';
        }
      }
      const file = readFoundFile(found.path, this.#options.maxFileBytes);
      const hash = createHash('sha256').update(file.bytes).digest('hex');
      const state = { path: found.path, folder: folder.real, size: file.stat.size, mtimeMs: file.stat.mtimeMs, hash };
      this.skipped.delete(found.path);
      if (known !== undefined && known.hash === hash) return state;
      const { text, title } = await documentText(found.kind, file.bytes);
      return {
        document: { ...state, kind: found.kind, lines: lineCount(text), title, indexedAt: new Date().toISOString() },
        text,
        passages: passagesOf(text),
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return 'gone';
      this.skipped.set(
        found.path,
        error instanceof UnreadableDocument ? error.message : `it could not be read (${(error as Error).message})`,
      );
      return 'gone';
    }
  }
}
