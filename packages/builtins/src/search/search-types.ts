// What a search is asked and what it finds: the same shapes for ripgrep and for the Node search, so one
// formatter writes the model's text from either.
import type { TranslatedRegex } from './rust-regex.js';

export type OutputMode = 'files_with_matches' | 'content' | 'count';

export interface SearchRequest {
  /** The folder the paths of the result are relative to. */
  readonly base: string;
  /** The one file to search (a name in `base`), or undefined to search all of `base`. */
  readonly file: string | undefined;
  readonly regex: TranslatedRegex;
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  readonly mode: OutputMode;
  readonly before: number;
  readonly after: number;
  /** grep's `glob`, split; ripgrep --glob meaning. */
  readonly globs: readonly string[];
  /** The globs of grep's `type`, matched against file names. */
  readonly typeGlobs: readonly string[] | undefined;
  /** Real paths the cell denies: never read. */
  readonly deny: readonly string[];
  /** Stop collecting content lines past this many (the result then says it is partial). */
  readonly maxLines: number;
  readonly signal: AbortSignal;
}

export interface Line {
  readonly n: number;
  /** The line without its line break; may be cut short when `length` is given. */
  readonly text: string;
  readonly match: boolean;
  /** The line's full length when `text` holds only its start. */
  readonly length?: number;
}

export interface FileHit {
  /** Relative to the request's base, '/'-separated. */
  readonly path: string;
  /** Matching lines (count mode). */
  readonly count: number;
  /** Modification time (files mode, for newest first); 0 elsewhere. */
  mtimeMs: number;
  /** Runs of consecutive output lines (content mode). */
  readonly groups: readonly (readonly Line[])[];
}

export interface SearchOutcome {
  readonly engine: 'ripgrep' | 'node';
  readonly hits: FileHit[];
  /** The line cap was reached: the hits are a part of all there is. */
  readonly partial: boolean;
  /** Files left out because the pattern ran too long on them (Node search only). */
  readonly slow: readonly string[];
  /** Files too large to search (Node search only). */
  readonly large: readonly string[];
  /** ripgrep's hits, believed on its word until proven (verify-hits.ts). */
  readonly unproven?: boolean;
}
