// Ignore files as ripgrep reads them: .rgignore, .ignore, .gitignore and .git/info/exclude in every
// folder from the file system root down. For one path, each kind is decided by its deepest file that
// says anything about it; the kinds then rank in that order (.rgignore first).
import { readFileSync } from 'node:fs';
import ignore, { type Ignore } from 'ignore';

export const IGNORE_FILES = ['.rgignore', '.ignore', '.gitignore'] as const;

export interface IgnoreLevel {
  readonly dir: string;
  /** One matcher per kind: .rgignore, .ignore, .gitignore, .git/info/exclude. */
  readonly kinds: readonly (Ignore | undefined)[];
  readonly parent: IgnoreLevel | undefined;
}

function read(path: string): Ignore | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const rules = ignore({ allowRelativePaths: true, ignorecase: false });
  rules.add(text);
  return rules;
}

/**
 * The level for `dir`, or `parent` when it has no ignore file. `present` lists the names found in the
 * folder (from its listing); without it each file is tried.
 */
export function ignoreLevel(
  dir: string,
  parent: IgnoreLevel | undefined,
  present?: ReadonlySet<string>,
): IgnoreLevel | undefined {
  const base = dir === '/' ? '' : dir;
  const kinds = IGNORE_FILES.map((name) =>
    present === undefined || present.has(name) ? read(`${base}/${name}`) : undefined,
  );
  kinds.push(present === undefined || present.has('.git') ? read(`${base}/.git/info/exclude`) : undefined);
  if (kinds.every((kind) => kind === undefined)) return parent;
  return { dir, kinds, parent };
}

/** The levels of `root`'s ancestors and `root` itself, from the file system root down. */
export function ancestorLevels(root: string): IgnoreLevel | undefined {
  const parts = root.split('/').filter((part) => part !== '');
  let level: IgnoreLevel | undefined = ignoreLevel('/', undefined);
  let dir = '';
  for (const part of parts) {
    dir += `/${part}`;
    level = ignoreLevel(dir, level);
  }
  return level;
}

/** true: ignored; false: explicitly re-included (a `!` rule); undefined: no rule speaks of it. */
export function ignored(level: IgnoreLevel | undefined, abs: string, isDir: boolean): boolean | undefined {
  let verdict: boolean | undefined;
  for (let kind = 0; kind < 4 && verdict === undefined; kind++) {
    for (let at = level; at !== undefined; at = at.parent) {
      const rules = at.kinds[kind];
      if (rules === undefined) continue;
      const rel = abs.slice(at.dir === '/' ? 1 : at.dir.length + 1);
      const result = rules.test(isDir ? `${rel}/` : rel);
      if (result.ignored) verdict = true;
      else if (result.unignored) verdict = false;
      if (verdict !== undefined) break;
    }
  }
  return verdict;
}
