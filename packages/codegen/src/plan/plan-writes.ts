import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from '../compare-text.js';
import type { GeneratedFile } from '../generate/generated-file.js';
import { isImportFile } from './managed-paths.js';
import { readOptional } from './read-optional.js';

/** What writing a set of generated files would change on disk. Paths are pack-relative, posix, sorted. */
export interface WritePlan {
  readonly add: readonly GeneratedFile[];
  readonly modify: readonly GeneratedFile[];
  readonly delete: readonly string[];
  readonly unchanged: readonly string[];
}

/**
 * Compares `files` with the disk under `root`: new files are added, differing ones modified, equal ones
 * left alone. Every existing file inside a managed folder (`managedPaths`, e.g. `generated/`) that is not
 * in `files` is stale and deleted, except the files `import mcp` wrote (`*.mcp.gen.ts`). Reads only; `applyPlan` writes.
 */
export function planWrites(root: string, files: readonly GeneratedFile[], managedPaths: readonly string[]): WritePlan {
  const add: GeneratedFile[] = [];
  const modify: GeneratedFile[] = [];
  const unchanged: string[] = [];
  const wanted = new Set<string>();
  for (const file of files) {
    wanted.add(file.path);
    const current = readOptional(join(root, file.path));
    if (current === undefined) add.push(file);
    else if (current === file.contents) unchanged.push(file.path);
    else modify.push(file);
  }
  const stale = managedPaths.flatMap((folder) => listFiles(root, folder.replace(/\/+$/, '')));
  return {
    add: sortFiles(add),
    modify: sortFiles(modify),
    delete: [...new Set(stale.filter((path) => !wanted.has(path) && !isImportFile(path)))].sort(compareText),
    unchanged: unchanged.sort(compareText),
  };
}

/** Every file under `folder` (pack-relative), recursively; empty when the folder does not exist. */
export function listFiles(root: string, folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(root, path);
    return entry.isFile() || entry.isSymbolicLink() ? [path] : [];
  });
}

function sortFiles(files: GeneratedFile[]): GeneratedFile[] {
  return files.sort((a, b) => compareText(a.path, b.path));
}
