import { posix } from 'node:path';

/**
 * Where the shell may stand at some point of a line: its working folder relative to the call's folder
 * (`.` at the start; absolute after `cd /x`), and its `pushd` stack.
 */
export interface Place {
  readonly cwd: string;
  readonly stack: readonly string[];
}

export const START: Place = Object.freeze({ cwd: '.', stack: Object.freeze([]) });

/** At most this many places are followed; more is asked about. */
export const MAX_PLACES = 8;

/** A path as seen from `cwd`: absolute paths and paths from the start stay as written. */
export function joinPath(cwd: string, path: string): string {
  if (path.startsWith('/') || cwd === '.') return path;
  return posix.join(cwd, path);
}

/** The places of all lists, each once, in order. */
export function unionPlaces(...lists: readonly (readonly Place[])[]): Place[] {
  const seen = new Set<string>();
  const places: Place[] = [];
  for (const place of lists.flat()) {
    const key = JSON.stringify(place);
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(place);
  }
  return places;
}

/** The places after a command: when it succeeded, and when it failed. */
export interface Outcome {
  readonly ok: readonly Place[];
  readonly failed: readonly Place[];
}

/** The outcome of a command that does not change folder. */
export function same(places: readonly Place[]): Outcome {
  return { ok: places, failed: places };
}
