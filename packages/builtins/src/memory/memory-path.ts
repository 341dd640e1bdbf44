import { ToolError } from '@wesgine/schema';

/** The virtual folder every memory path lives under. */
export const MEMORY_ROOT = '/memories';

/** The longest name one path segment may have, as on common file systems. */
const MAX_SEGMENT = 255;

/** C0 and C1 controls, DEL, and the invisible characters that make two names look alike (bidi, zero-width). */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/** Half of a surrogate pair with no other half: a string that has no UTF-8 form. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * The canonical form of a memory path given in `field`: `/memories` itself or `/memories/a/b`, in Unicode
 * NFC, one trailing slash dropped. Refuses (and so touches nothing) a path outside the root, a `..` or `.`
 * segment, an empty segment, a backslash, and control or invisible characters.
 */
export function memoryPath(raw: string, field: string): string {
  const shown = JSON.stringify(raw).replace(
    new RegExp(HIDDEN_CHARACTERS.source, 'gu'),
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (HIDDEN_CHARACTERS.test(raw)) {
    throw new ToolError(
      'invalid_arguments',
      `${field} ${shown} holds a control or invisible character; use plain printable characters in memory paths.`,
    );
  }
  if (LONE_SURROGATE.test(raw)) {
    throw new ToolError('invalid_arguments', `${field} is not valid Unicode (it holds half of a surrogate pair).`);
  }
  if (raw.includes('\\')) {
    throw new ToolError(
      'invalid_arguments',
      `${field} ${shown} holds a backslash; memory paths separate folders with / only, as in /memories/notes/today.md.`,
    );
  }
  const path = raw.normalize('NFC');
  if (path !== MEMORY_ROOT && !path.startsWith(`${MEMORY_ROOT}/`)) {
    throw new ToolError(
      'path_not_allowed',
      `${field} ${shown} is outside the memory store: every memory path starts with ${MEMORY_ROOT}/, as in ${MEMORY_ROOT}/notes.md.`,
    );
  }
  const rest = path.slice(MEMORY_ROOT.length + 1);
  const segments = rest === '' ? [] : (rest.endsWith('/') ? rest.slice(0, -1) : rest).split('/');
  for (const segment of segments) {
    if (segment === '..') {
      throw new ToolError(
        'path_not_allowed',
        `${field} ${shown} uses '..', which could leave ${MEMORY_ROOT}; write the path out in full from ${MEMORY_ROOT}/.`,
      );
    }
    if (segment === '.' || segment === '') {
      throw new ToolError(
        'invalid_arguments',
        `${field} ${shown} has ${segment === '' ? 'an empty segment (//)' : "a '.' segment"}; write the path plainly, each name once, as in ${MEMORY_ROOT}/notes/today.md.`,
      );
    }
    if (segment.length > MAX_SEGMENT) {
      throw new ToolError(
        'invalid_arguments',
        `${field} has a name of ${segment.length} characters; each name in a memory path may have at most ${MAX_SEGMENT}.`,
      );
    }
  }
  return segments.length === 0 ? MEMORY_ROOT : `${MEMORY_ROOT}/${segments.join('/')}`;
}

/** The folders that hold `path`, nearest last, without the root: `/memories/a/b/c` → `/memories/a`, `/memories/a/b`. */
export function parentFolders(path: string): string[] {
  const parents: string[] = [];
  for (let at = path.indexOf('/', MEMORY_ROOT.length + 1); at !== -1; at = path.indexOf('/', at + 1)) {
    parents.push(path.slice(0, at));
  }
  return parents;
}

/** Whether `path` is `folder` itself or lies somewhere under it. */
export function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}
