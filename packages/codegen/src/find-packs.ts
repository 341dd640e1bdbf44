import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listToolFiles } from './load/load-pack.js';

/**
 * The tool packs of the workspace at `workspaceRoot`: every folder named by the root package.json's
 * `workspaces` (exact paths and `dir/*` globs; the `{ packages: [...] }` form too) that has
 * `tools/*.tool.ts` or a `toolpack.json`. Absolute paths, sorted. Other glob forms are ignored.
 */
export async function findPacks(workspaceRoot: string): Promise<string[]> {
  const root = resolve(workspaceRoot);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: unknown };
  const field = manifest.workspaces;
  const patterns = Array.isArray(field)
    ? field
    : typeof field === 'object' && field !== null && Array.isArray((field as { packages?: unknown }).packages)
      ? (field as { packages: unknown[] }).packages
      : [];
  const folders = new Set<string>();
  for (const pattern of patterns) {
    if (typeof pattern !== 'string') continue;
    const clean = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
    if (clean.endsWith('/*') && !clean.slice(0, -2).includes('*')) {
      const parent = join(root, clean.slice(0, -2));
      for (const entry of safeList(parent)) if (entry.isDirectory()) folders.add(join(parent, entry.name));
    } else if (!clean.includes('*')) {
      folders.add(join(root, clean));
    }
  }
  // A pack that has lost all its tools still has a manifest: it is listed, so check reports it.
  return [...folders]
    .filter((folder) => listToolFiles(folder).length > 0 || existsSync(join(folder, 'toolpack.json')))
    .sort();
}

function safeList(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
