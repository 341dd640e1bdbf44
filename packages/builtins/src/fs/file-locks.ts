/** The tail of each real path's queue of mutations: a new one waits for it. */
const tails = new Map<string, Promise<void>>();

/**
 * Runs `task` once no other mutation of any of `paths` is running: mutations of one real path are
 * serialised (across runs and cells of this process), reads never wait. Paths are taken in sorted order,
 * so two tasks that share paths cannot wait on each other.
 */
export async function withFileLocks<T>(paths: readonly string[], task: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(paths)].sort();
  const releases: (() => void)[] = [];
  try {
    for (const path of sorted) releases.push(await lock(path));
    return await task();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

async function lock(path: string): Promise<() => void> {
  const previous = tails.get(path) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => done);
  tails.set(path, tail);
  await previous;
  return () => {
    release();
    // The last holder leaves no entry behind.
    if (tails.get(path) === tail) tails.delete(path);
  };
}
