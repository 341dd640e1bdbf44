import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compareText } from '../compare-text.js';
import { IMPORT_SUFFIX, isImportFile } from '../plan/managed-paths.js';

/** Folders never searched: installed code, build output, version control and tool state. */
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'coverage']);
const MAX_DEPTH = 8;

/** The file an import of server `name` writes into `folder`. */
export function importFileName(name: string): string {
  return `${name}${IMPORT_SUFFIX}`;
}

/**
 * Every `*.mcp.gen.ts` under `root` (a file is itself), as posix paths relative to `root`, sorted. Skips
 * dot folders, `node_modules`, `dist`, `build`, `coverage`, and folders that are packages of their own
 * (they have a `package.json`: a workspace's other packs are checked as themselves), up to 8 levels.
 */
export function findMcpImports(root: string): string[] {
  let isFile = false;
  try {
    isFile = statSync(root).isFile();
  } catch {
    return [];
  }
  if (isFile) return isImportFile(root) ? ['.'] : [];
  const found: string[] = [];
  const walk = (folder: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    if (depth > 0 && entries.some((entry) => entry.name === 'package.json' && entry.isFile())) return;
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isFile() && isImportFile(entry.name)) found.push(relative(root, path).split(sep).join('/'));
      else if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.') && !SKIPPED.has(entry.name)) {
        walk(path, depth + 1);
      }
    }
  };
  walk(root, 0);
  return found.sort(compareText);
}
