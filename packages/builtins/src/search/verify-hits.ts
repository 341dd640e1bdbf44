// ripgrep opens files by path and follows a symbolic link in the last component, so a file swapped for
// a link to an outside file between ripgrep's walk and its open would be searched there. Nothing ripgrep
// reports is shown on its word: each hit on the page is opened again without following links, proven by
// its descriptor's real path (see open-verified.ts), and every line ripgrep printed for it must be, byte
// for byte, the line with that number in what the descriptor reads. A hit that fails is left out and the
// page made again: every name and line the model sees is of a file governance allowed. Only the page is
// proven (proving 25,000 hits would cost more than the search); the totals count the rest unproven. A
// hit without lines (files and count modes) is proven by running the pattern, as the Node search runs it,
// over what the descriptor reads: a shown name matches, a shown count is counted there.
import { closeSync, readSync } from 'node:fs';
import { openVerifiedSync } from '../fs/open-verified.js';
import type { Formatted } from './format-grep.js';
import type { TranslatedRegex } from './rust-regex.js';
import type { FileHit, Line, OutputMode, SearchOutcome } from './search-types.js';

const CHUNK = 64 * 1024;
/** The largest file proven by running the pattern over it (the Node search's limit too). */
const MAX_PROVEN_BYTES = 256 * 1024 * 1024;
/** A NUL in this many leading bytes makes a file binary (skipped), as in the Node search. */
const BINARY_WINDOW = 65536;

/**
 * Proves ripgrep's hits one file at a time (while ripgrep is still searching, so that the work overlaps
 * with its own); one read buffer serves them all.
 */
export class HitVerifier {
  readonly #base: string;
  readonly #mode: OutputMode;
  readonly #regex: RegExp;
  #buffer = Buffer.allocUnsafe(CHUNK * 2);

  constructor(base: string, mode: OutputMode, regex: TranslatedRegex) {
    this.#base = base;
    this.#mode = mode;
    this.#regex = new RegExp(regex.source, `${regex.flags}g`);
  }

  /** The hit in its final shape when every reported line is in the verified file, else `undefined`. */
  prove(hit: FileHit): FileHit | undefined {
    const opened = openVerifiedSync(`${this.#base}/${hit.path}`);
    if (opened === undefined) return undefined;
    try {
      let last = hit.groups.length === 0 ? Number.POSITIVE_INFINITY : 0;
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
        if (length > MAX_PROVEN_BYTES) return undefined;
        const read = readSync(opened.fd, this.#buffer, length, CHUNK, null);
        if (read === 0) done = true;
        const filled = this.#buffer.subarray(0, length + read);
        for (let at = filled.indexOf(10, length); at !== -1; at = filled.indexOf(10, at + 1)) starts.push(at + 1);
        length += read;
      }
      const buffer = this.#buffer;
      if (hit.groups.length === 0) return this.#matches(buffer.subarray(0, length), hit);
      const same = (line: Line): boolean => {
        const start = starts[line.n - 1];
        if (start === undefined || start >= length) return false;
        const next = starts[line.n];
        return buffer.toString('utf8', start, next === undefined ? length : next - 1) === line.text;
      };
      return hit.groups.every((group) => group.every(same)) ? shaped(hit, this.#mode) : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(opened.fd);
    }
  }

  /** A files or count hit as the file's own bytes give it: matching (before any NUL), with its count. */
  #matches(bytes: Buffer, hit: FileHit): FileHit | undefined {
    const nul = bytes.indexOf(0);
    if (nul !== -1 && (nul < BINARY_WINDOW || this.#mode === 'count')) return undefined;
    const text = bytes.toString('utf8');
    const end = nul === -1 ? text.length : text.indexOf('\0');
    const phantom = text.charCodeAt(text.length - 1) === 10;
    const regex = this.#regex;
    regex.lastIndex = 0;
    let count = 0;
    for (;;) {
      const found = regex.exec(text);
      if (found === null || found.index >= end || (found.index === text.length && phantom)) break;
      count += 1;
      if (this.#mode === 'files_with_matches') break;
      const next = text.indexOf('\n', found.index);
      if (next === -1) break;
      regex.lastIndex = next + 1;
    }
    if (count === 0) return undefined;
    return shaped({ ...hit, count }, this.#mode);
  }
}

function shaped(hit: FileHit, mode: OutputMode): FileHit {
  if (mode === 'files_with_matches') return { path: hit.path, count: 1, mtimeMs: hit.mtimeMs, groups: [] };
  if (mode === 'count') return { path: hit.path, count: hit.count, mtimeMs: 0, groups: [] };
  return hit;
}

/**
 * The page of an unproven (ripgrep) outcome, with every hit it shows proven: proves the shown hits, and
 * while any fails, leaves the failed ones out and makes the page again (proving only hits not proven
 * before). The outcome returned holds the proven hits in their final shape and the others unproven.
 */
export function provePage(
  outcome: SearchOutcome,
  request: { readonly base: string; readonly mode: OutputMode; readonly regex: TranslatedRegex },
  format: (outcome: SearchOutcome) => Formatted,
): { outcome: SearchOutcome; formatted: Formatted; changed: number } {
  let formatted = format(outcome);
  if (outcome.unproven !== true) return { outcome, formatted, changed: 0 };
  const verifier = new HitVerifier(request.base, request.mode, request.regex);
  const proven = new Map<string, FileHit>();
  let hits = outcome.hits;
  let changed = 0;
  for (;;) {
    const failed = new Set<string>();
    const byPath = new Map(hits.map((hit) => [hit.path, hit] as const));
    for (const path of formatted.paths) {
      const hit = byPath.get(path);
      if (hit === undefined || proven.has(path)) continue;
      const shown = verifier.prove(hit);
      if (shown === undefined) failed.add(path);
      else proven.set(path, shown);
    }
    hits = hits.filter((hit) => !failed.has(hit.path)).map((hit) => proven.get(hit.path) ?? hit);
    outcome = { ...outcome, hits };
    if (failed.size === 0) return { outcome, formatted, changed };
    changed += failed.size;
    formatted = format(outcome);
  }
}
