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

/** The hits whose every reported line is in the verified file; files and count hits in their final shape. */
export function verifyHits(
  base: string,
  hits: readonly FileHit[],
  mode: OutputMode,
): { hits: FileHit[]; dropped: number } {
  const kept: FileHit[] = [];
  let buffer = Buffer.allocUnsafe(CHUNK);
  for (const hit of hits) {
    const opened = openVerifiedSync(`${base}/${hit.path}`);
    if (opened === undefined) continue;
    try {
      let last = 0;
      for (const group of hit.groups) for (const line of group) if (line.n > last) last = line.n;
      // Reads until line `last` is whole: starts[n - 1] is where line n begins.
      const starts = [0];
      let length = 0;
      let done = false;
      while (!done && starts.length <= last) {
        if (buffer.length - length < CHUNK) {
          const grown = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(grown, 0, 0, length);
          buffer = grown;
        }
        const read = readSync(opened.fd, buffer, length, CHUNK, null);
        if (read === 0) done = true;
        const filled = buffer.subarray(0, length + read);
        for (let at = filled.indexOf(10, length); at !== -1; at = filled.indexOf(10, at + 1)) starts.push(at + 1);
        length += read;
      }
      const lineText = (n: number): string | undefined => {
        const start = starts[n - 1];
        if (start === undefined || start >= length) return undefined;
        const next = starts[n];
        return buffer.toString('utf8', start, next === undefined ? length : next - 1);
      };
      const same = (line: Line) => lineText(line.n) === line.text;
      if (hit.groups.every((group) => group.every(same))) kept.push(shaped(hit, mode, opened.stat.mtimeMs));
    } catch {
      // Unreadable now: left out.
    } finally {
      closeSync(opened.fd);
    }
  }
  return { hits: kept, dropped: hits.length - kept.length };
}

function shaped(hit: FileHit, mode: OutputMode, mtimeMs: number): FileHit {
  if (mode === 'files_with_matches') return { path: hit.path, count: 1, mtimeMs, groups: [] };
  if (mode === 'count') return { path: hit.path, count: hit.count, mtimeMs: 0, groups: [] };
  return hit;
}
