import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the data folder that says which process runs on it. */
export const LOCK_FILE = 'playground.lock';

/** How many playgrounds of this process run on each lock file (an embedder may start two on one). */
const held = new Map<string, number>();

/**
 * Claims the data folder for this process, so a second playground on the same folder stops with a
 * sentence instead of running beside the first: two would start two demo plugins, write one workspace
 * and one SQLite state at once, and hand out approvals the other never sees. A lock left by a process
 * that is gone (killed, crashed) is taken over. Answers the function that gives the folder back.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const mine = held.get(file) ?? 0;
  if (mine > 0 && holderOf(file) === process.pid) {
    held.set(file, mine + 1);
    return once(() => release(file));
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      held.set(file, 1);
      return once(() => release(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined && alive(holder)) {
      throw new Error(
        `the data folder ${dataDir} is in use by another playground (process ${holder}); stop it first, or choose another folder with WESGINE_PLAYGROUND_DATA`,
      );
    }
    // Left by a process that is gone (or unreadable): take it over.
    rmSync(file, { force: true });
  }
  throw new Error(`the data folder ${dataDir} is being claimed by another playground at this moment; try again`);
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function release(file: string): void {
  const left = (held.get(file) ?? 1) - 1;
  if (left > 0) {
    held.set(file, left);
    return;
  }
  held.delete(file);
  if (holderOf(file) === process.pid) rmSync(file, { force: true });
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
