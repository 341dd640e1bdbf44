// The entries of each folder of the roots and how the sandbox treats them, kept between programs so
// that a large work folder is not read and judged again for every command. A folder's entries are
// reused only while its inode and change time are the same: adding, removing or renaming an entry
// changes the folder's change time, which no program can set back. A folder changed within the last
// second is not kept (file times are coarse: a second change in the same tick would keep its time).
import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PathForms, PathTreatment } from './sandbox-view.js';

export interface FolderEntry {
  readonly name: string;
  readonly folder: boolean;
  readonly link: boolean;
  readonly treatment: PathTreatment;
}

interface Kept {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly ctimeNs: bigint;
  readonly entries: readonly FolderEntry[];
}

/** Past this many folders the memo starts over. */
const MAX_FOLDERS = 100_000;
/** How old a folder's last change must be before its entries are kept, in nanoseconds. */
const SETTLED_NS = 1_000_000_000n;

export class FolderMemo {
  /** How the sandbox treats one path (Hardline, the Zone): the judgement this memo keeps. */
  readonly treat: (path: PathForms, folder: boolean) => PathTreatment;
  readonly #kept = new Map<string, Kept>();

  constructor(treat: (path: PathForms, folder: boolean) => PathTreatment) {
    this.treat = treat;
  }

  /** The folder's entries with their treatment; undefined when it cannot be read (nor by a program). */
  entries(folder: PathForms): readonly FolderEntry[] | undefined {
    const stat = lstatSync(folder.real, { bigint: true, throwIfNoEntry: false });
    if (stat === undefined || !stat.isDirectory()) return undefined;
    const key = `${folder.lexical}\0${folder.real}`;
    const kept = this.#kept.get(key);
    if (kept !== undefined && kept.ino === stat.ino && kept.dev === stat.dev && kept.ctimeNs === stat.ctimeNs) {
      return kept.entries;
    }
    let listed: Dirent[];
    try {
      listed = readdirSync(folder.real, { withFileTypes: true });
    } catch {
      return undefined;
    }
    const entries = listed.map((entry) => {
      const path = { lexical: join(folder.lexical, entry.name), real: join(folder.real, entry.name) };
      const isFolder = entry.isDirectory();
      return {
        name: entry.name,
        folder: isFolder,
        link: entry.isSymbolicLink(),
        treatment: this.treat(path, isFolder),
      };
    });
    if (BigInt(Date.now()) * 1_000_000n - stat.ctimeNs > SETTLED_NS) {
      if (this.#kept.size >= MAX_FOLDERS) this.#kept.clear();
      this.#kept.set(key, { dev: stat.dev, ino: stat.ino, ctimeNs: stat.ctimeNs, entries });
    } else {
      this.#kept.delete(key);
    }
    return entries;
  }
}
