// ripgrep opens files by path and follows a symbolic link in the last component, so a file swapped for
// a link to an outside file between ripgrep's walk and its open would be searched there. Nothing ripgrep
// reports is believed on its word: each hit's file is opened again without following links, proven by
// its descriptor's real path (see open-verified.ts), and every line ripgrep printed for it must be, byte
// for byte, the line with that number in what the descriptor reads. A hit that fails is left out: what
// the model sees is always text of the file governance allowed. (In files and count modes ripgrep is
// asked for the matching lines too, so that there is something to prove.)
import { closeSync, readSync } from 'node:fs';
import { openVerifiedSync } from '../fs/open-verified.js';
import type { FileHit, Line, OutputMode } from './search-types.js';

const CHUNK = 64 * 1024;

/**
 * Proves ripgrep's hits one file at a time (while ripgrep is still searching, so that the work overlaps
 * with its own); one read buffer serves them all.
 */
export class HitVerifier {
  readonly #base: string;
  readonly #mode: OutputMode;
  #buffer = Buffer.allocUnsafe(CHUNK * 2);

  constructor(base: string, mode: OutputMode) {
    this.#base = base;
    this.#mode = mode;
  }

  /** The hit in its final shape when every reported line is in the verified file, else `undefined`. */
  prove(hit: FileHit): FileHit | undefined {
    const opened = openVerifiedSync(`${this.#base}/${hit.path}`);
    if (opened === undefined) return undefined;
    try {
      let last = 0;
      for (const group of hit.groups) for (const line of group) if (line.n > last) last = line.n;
      // Reads until line `last` is whole: starts[n - 1] is where line n begins.
      const starts = [0];
      let length = 0;
      let done = false;
      while (!done && starts.length <= last) {
        if (this.#buffer.length - length < CHUNK) {
          const grown = Buffer.allocUnsafe(this.#buffer.length * 2);
          this.#buffer.copy(grown, 0, 0, length);
          this.#buffer = grown;
        }
        const read = readSync(opened.fd, this.#buffer, length, CHUNK, null);
        if (read === 0) done = true;
        const filled = this.#buffer.subarray(0, length + read);
        for (let at = filled.indexOf(10, length); at !== -1; at = filled.indexOf(10, at + 1)) starts.push(at + 1);
        length += read;
      }
      const buffer = this.#buffer;
      const same = (line: Line): boolean => {
        const start = starts[line.n - 1];
        if (start === undefined || start >= length) return false;
        const next = starts[line.n];
        return buffer.toString('utf8', start, next === undefined ? length : next - 1) === line.text;
      };
      return hit.groups.every((group) => group.every(same)) ? shaped(hit, this.#mode, opened.stat.mtimeMs) : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(opened.fd);
    }
  }
}

function shaped(hit: FileHit, mode: OutputMode, mtimeMs: number): FileHit {
  if (mode === 'files_with_matches') return { path: hit.path, count: 1, mtimeMs, groups: [] };
  if (mode === 'count') return { path: hit.path, count: hit.count, mtimeMs: 0, groups: [] };
  return hit;
}
