import { type GlobPiece, type GroupCounter, pathPieces, piecesSource } from './glob-source.js';

/** What a path pattern is relative to: the WorkDir (`/x`, `./x`, `a/b`), home (`~/x`) or `/` (`//x`). */
export type PathAnchor = 'workDir' | 'home' | 'root';

/** A gitignore-style path pattern, compiled once. */
export interface PathPattern {
  readonly text: string;
  readonly anchor: PathAnchor;
  /** Sticky: tested from the end of the anchor's folder in an absolute path. */
  readonly regex: RegExp;
}

/** The folders the anchors stand for, absolute, with no trailing `/` (the file-system root is `''`). */
export interface PathAnchors {
  readonly workDir: string;
  readonly home: string;
}

const GLOBSTAR = '**';
type Segment = typeof GLOBSTAR | readonly GlobPiece[];
const BOUNDARY = '(?=/|$)';

/**
 * Compiles one pattern, or says why it cannot be read. Gitignore rules: `*` and `?` stay within one path
 * segment, `**` as a whole segment spans any number of them, `[...]` is a class, a trailing `/` is dropped
 * (directories and files look alike here, so it matches both), and a pattern matches a path when it
 * matches the path or one of its parent folders (`secrets` covers `secrets/a.key`). A pattern without a
 * `/` (other than a trailing one), or one starting with `**` + `/`, matches at any depth of any absolute
 * path, inside the WorkDir or not; any other pattern without an anchor is relative to the WorkDir.
 */
export function compilePathPattern(text: string): PathPattern | string {
  if (text === '') return 'is empty';
  if (text.startsWith('!')) return `"${text}": negation with "!" is not supported; rules are collected, not ordered`;
  let anchor: PathAnchor = 'workDir';
  let body = text;
  if (text.startsWith('//')) [anchor, body] = ['root', text.slice(2)];
  else if (text.startsWith('~/')) [anchor, body] = ['home', text.slice(2)];
  else if (text.startsWith('/')) body = text.slice(1);
  else if (text.startsWith('./')) body = text.slice(2);
  else if (!trimSlashes(text).includes('/') || text.startsWith('**/')) {
    // Matches at any depth: the same as `//**/` + the pattern.
    [anchor, body] = ['root', `**/${text}`];
  }
  body = trimSlashes(body);
  const segments: Segment[] = [];
  for (const part of body === '' ? [] : body.split('/')) {
    if (part === '') return `"${text}" has an empty segment ("//" inside the pattern)`;
    if (part === '.' || part === '..') return `"${text}" has a "${part}" segment, which no resolved path contains`;
    if (part === GLOBSTAR) {
      if (segments.at(-1) !== GLOBSTAR) segments.push(GLOBSTAR);
      continue;
    }
    const pieces = pathPieces(part);
    if (typeof pieces === 'string') return `"${text}" ${pieces}`;
    segments.push(pieces);
  }
  return { text, anchor, regex: new RegExp(segmentsSource(segments), 'uy') };
}

/** Whether `path` (absolute, normalised) matches `pattern`, with the anchors' folders from `anchors`. */
export function matchesPath(pattern: PathPattern, path: string, anchors: PathAnchors): boolean {
  const base = pattern.anchor === 'root' ? '' : pattern.anchor === 'workDir' ? anchors.workDir : anchors.home;
  if (base !== '' && !(path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47))) {
    return false;
  }
  pattern.regex.lastIndex = base.length;
  return pattern.regex.test(path);
}

/** An absolute folder as an anchor: without trailing `/`, so the root is `''`. */
export function anchorFolder(path: string): string {
  return trimSlashes(path);
}

function trimSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

// Each segment is `/` + its pieces; a `**` segment becomes an atomic skip to the leftmost place where the
// segments after it match (see glob-source.ts for why that is linear and still correct).
function segmentsSource(segments: readonly Segment[]): string {
  const groups: GroupCounter = { value: 0 };
  const segmentSource = (segment: readonly GlobPiece[]) => `/${piecesSource(segment, '[^/]', BOUNDARY, groups)}`;
  let source = '';
  let index = 0;
  while (index < segments.length && segments[index] !== GLOBSTAR) {
    source += segmentSource(segments[index] as readonly GlobPiece[]);
    index++;
  }
  while (index < segments.length) {
    index++;
    // A trailing `**`: anything below, but not the folder itself.
    if (index === segments.length) return `${source}/[^]`;
    const group = ++groups.value;
    let run = '';
    while (index < segments.length && segments[index] !== GLOBSTAR) {
      run += segmentSource(segments[index] as readonly GlobPiece[]);
      index++;
    }
    source += `(?=([^]*?${run}))(?:\\${group})`;
  }
  return `${source}${BOUNDARY}`;
}
