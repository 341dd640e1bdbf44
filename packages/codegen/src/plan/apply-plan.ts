import { mkdirSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { WritePlan } from './plan-writes.js';

/**
 * Carries out a plan under `root`: writes added and modified files (creating folders), deletes stale
 * ones and then the folders they leave empty. Synchronous writes: for many small files they are faster
 * here than concurrent `fs.promises.writeFile`.
 */
export function applyPlan(root: string, plan: WritePlan): void {
  const made = new Set<string>();
  for (const file of [...plan.add, ...plan.modify]) {
    const path = join(root, file.path);
    const folder = dirname(path);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(path, file.contents);
  }
  const emptied = new Set<string>();
  for (const stale of plan.delete) {
    unlinkSync(join(root, stale));
    emptied.add(dirname(stale));
  }
  for (const folder of [...emptied].sort().reverse()) removeEmpty(root, folder);
}

/** Removes `folder` and its parents inside the pack while they are empty. */
function removeEmpty(root: string, folder: string): void {
  for (let current = folder; current !== '.' && current !== ''; current = dirname(current)) {
    const path = join(root, current);
    try {
      if (readdirSync(path).length > 0) return;
      rmdirSync(path);
    } catch {
      return;
    }
  }
}
