// The folder walk grep's Node search and glob share, with ripgrep's rules: ignore files respected, .git,
// .hg and .svn always skipped, hidden files included, symbolic links never followed (neither a linked
// folder nor a linked file is visited, and a folder swapped for a link during the walk is not listed),
// only regular files yielded, the cell's denied paths left out.
import { readFolderVerified } from '../fs/open-verified.js';
import { ancestorLevels, IGNORE_FILES, type IgnoreLevel, ignored, ignoreLevel } from './ignore-rules.js';
import type { GlobFilter } from './path-globs.js';

export const VCS_FOLDERS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);
const IGNORE_NAMES = new Set<string>([...IGNORE_FILES, '.git']);

export interface WalkOptions {
  /** The real path of the folder to walk. */
  readonly root: string;
  /** grep's `glob`, with ripgrep's override meaning (a match includes a file whatever the ignore files say). */
  readonly globs?: GlobFilter | undefined;
  /** grep's `type`: a file whose name fails this is left out. */
  readonly fileName?: ((name: string) => boolean) | undefined;
  /** Real paths never to enter or yield. */
  readonly deny?: readonly string[];
  /** Checked between folders: stops the walk when it returns true. */
  readonly stop?: () => boolean;
}

interface Pending {
  readonly abs: string;
  readonly rel: string;
  readonly level: IgnoreLevel | undefined;
}

/** Yields the path of every file to search, relative to the root and '/'-separated, in no set order. */
export function* walkFiles(options: WalkOptions): Generator<string, void, undefined> {
  const { root, globs, fileName, deny = [], stop } = options;
  const denied = (abs: string) => deny.some((path) => abs === path || abs.startsWith(`${path}/`));
  const stack: Pending[] = [{ abs: root, rel: '', level: ancestorLevels(parentOf(root)) }];
  for (let pending = stack.pop(); pending !== undefined; pending = stack.pop()) {
    if (stop?.() === true) return;
    // Listed through a descriptor proven to be this folder: one swapped for a link since it was seen
    // (or since the walk began, for the root) is not entered.
    const entries = readFolderVerified(pending.abs);
    if (entries === undefined) continue;
    const present = new Set(entries.filter((entry) => IGNORE_NAMES.has(entry.name)).map((entry) => entry.name));
    const level = present.size === 0 ? pending.level : ignoreLevel(pending.abs, pending.level, present);
    const prefix = pending.rel === '' ? '' : `${pending.rel}/`;
    const absPrefix = pending.abs === '/' ? '/' : `${pending.abs}/`;
    for (const entry of entries) {
      const name = entry.name;
      if (VCS_FOLDERS.has(name)) continue;
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue;
      const rel = prefix + name;
      const abs = absPrefix + name;
      if (deny.length > 0 && denied(abs)) continue;
      const verdict = globs?.match(rel, name, isDir);
      if (verdict === 'exclude') continue;
      if (verdict !== 'include') {
        if (level !== undefined && ignored(level, abs, isDir) === true) continue;
        if (!isDir && fileName !== undefined && !fileName(name)) continue;
      }
      if (isDir) stack.push({ abs, rel, level });
      else yield rel;
    }
  }
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
