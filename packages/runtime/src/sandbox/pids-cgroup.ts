// A process limit that holds for root too: a pids cgroup per sandboxed program (cgroup v2 where this
// process may create child groups with the pids controller, else cgroup v1's pids hierarchy). Where
// neither is writable the limit is not enforced, and the sandbox's status says so.
import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PidsGroup {
  /** The file the program's first process writes its pid to, joining the group before anything else runs. */
  readonly procsFile: string;
  /** Removes the group once it is empty (it is, when the sandbox's PID namespace ended). */
  remove(): void;
}

let parent: string | null | undefined;

/** The folder under which groups are made, found once; null when no pids controller is writable. */
export function pidsParent(): string | null {
  if (parent !== undefined) return parent;
  parent = null;
  for (const candidate of candidates()) {
    sweepStale(candidate);
    const folder = join(candidate, `wesgine-${process.pid}`);
    try {
      mkdirSync(folder, { recursive: true });
      accessSync(join(folder, 'pids.max'), constants.W_OK);
      parent = folder;
      process.once('exit', () => removeGroup(folder));
      break;
    } catch {
      removeGroup(folder);
    }
  }
  return parent;
}

function candidates(): string[] {
  const found: string[] = [];
  // cgroup v2: our own group, when its controllers include pids and it may have children.
  try {
    const own = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('0::'));
    if (own !== undefined) {
      const folder = join('/sys/fs/cgroup', own.slice(3));
      if (readFileSync(join(folder, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('pids')) found.push(folder);
    }
  } catch {
    // no cgroup v2 here
  }
  found.push('/sys/fs/cgroup/pids');
  return found;
}

/** A new group limited to `processes`; undefined where no pids controller is writable. */
export function createPidsGroup(processes: number): PidsGroup | undefined {
  const root = pidsParent();
  if (root === null) return undefined;
  const folder = join(root, randomUUID());
  try {
    mkdirSync(folder);
    writeFileSync(join(folder, 'pids.max'), String(processes));
  } catch {
    return undefined;
  }
  return {
    procsFile: join(folder, 'cgroup.procs'),
    remove: () => removeGroup(folder),
  };
}

/** Removes an empty group; while its last processes are still being reaped it is busy, so try again. */
function removeGroup(folder: string, tries = 20): void {
  try {
    rmdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EBUSY' && tries > 0) {
      setTimeout(() => removeGroup(folder, tries - 1), 50).unref();
    }
  }
}

/** The groups of runtime processes that ended without removing theirs (killed, say). */
function sweepStale(candidate: string): void {
  let names: string[];
  try {
    names = readdirSync(candidate);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^wesgine-(\d+)$/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    const folder = join(candidate, name);
    try {
      for (const child of readdirSync(folder, { withFileTypes: true })) {
        if (child.isDirectory()) removeGroup(join(folder, child.name), 0);
      }
      rmdirSync(folder);
    } catch {
      // a group still holds processes: left for a later sweep
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
