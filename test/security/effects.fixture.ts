// Helpers the security suites share to prove effects: a fingerprint of a folder (nothing outside
// changed) and the host's live processes carrying a marker in their name (none is left).
import { createHash } from 'node:crypto';
import { accessSync, constants, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A hash of every path, its kind and mode, and every file's content under `folder` (links not followed). */
export function fingerprint(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stats = lstatSync(path, { throwIfNoEntry: false });
      hash.update(`${path}:${stats?.mode}\n`);
      if (stats?.isDirectory()) walk(path);
      else if (stats?.isFile()) hash.update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/** Host pids of the live processes (not zombies) whose name (argv[0]) starts with `marker`. */
export function livingWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith(marker)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const state = stat.charAt(stat.lastIndexOf(')') + 2);
      if (state !== 'Z' && state !== 'X') found.push(pid);
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/**
 * Whether this machine lets the runtime make pids cgroups (cgroup v1's pids hierarchy writable), which
 * the sandbox's process limit needs; where it does not, the limit is documented as not enforced.
 */
export function pidsCgroupsWritable(): boolean {
  try {
    accessSync('/sys/fs/cgroup/pids', constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
