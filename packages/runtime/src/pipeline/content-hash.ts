import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { MarkedArguments } from './marked-arguments.js';

/** Files above this size are known by size and modification time instead of content. */
const HASHED_BYTES = 8 * 1024 * 1024;

/** The real paths a call may write: its write-access path arguments, as governance resolved them. */
export function writtenPaths(marked: MarkedArguments, resolvedPaths: ReadonlyMap<string, string>): string[] {
  const paths = new Set<string>();
  for (const path of marked.paths) {
    const real = path.access === 'write' ? resolvedPaths.get(path.pointer) : undefined;
    if (real !== undefined) paths.add(real);
  }
  return [...paths].sort();
}

/**
 * One hash of what the files hold now, for the CycleDetector's revisit rule (A -> B -> A). A missing
 * file has a content too ("absent"): a file deleted and created again is a revisit.
 */
export function contentHash(paths: readonly string[]): string {
  const hash = createHash('sha1');
  for (const path of paths) {
    hash.update(path).update('\u0000');
    try {
      const stats = statSync(path);
      if (!stats.isFile()) hash.update(`not a file ${stats.mode}`);
      else if (stats.size > HASHED_BYTES) hash.update(`large ${stats.size} ${stats.mtimeMs}`);
      else hash.update(readFileSync(path));
    } catch {
      hash.update('absent');
    }
    hash.update('\u0000');
  }
  return hash.digest('base64');
}
