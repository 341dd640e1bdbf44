import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** How many full outputs a cell keeps; older ones go when a new one is saved. */
export const SPILLS_KEPT = 100;

/**
 * Removes all but the newest `keep` spill files of `folder` (their names start with the time they were
 * made, so name order is age order). Best effort: a file another call is removing is no failure.
 */
export function pruneSpills(folder: string, keep = SPILLS_KEPT): void {
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.log'))
      .sort();
  } catch {
    return;
  }
  for (const name of names.slice(0, Math.max(0, names.length - keep))) rmSync(join(folder, name), { force: true });
}
