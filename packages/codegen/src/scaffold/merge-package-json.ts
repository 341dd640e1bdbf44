import { addElement, addMember } from './json-text-edit.js';

/** The keyword `init` puts in package.json: it marks the package as a tool pack (even a workspace root). */
export const PACK_KEYWORD = 'wesgine-tool-pack';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type Manifest = Record<string, unknown>;

export interface MergedPackageJson {
  /** The file with the additions; every other byte as it was. Unchanged text when nothing was added. */
  readonly text: string;
  /** What was added, as `scripts.gen`, `dependencies['@wesgine/schema']`, ... */
  readonly added: readonly string[];
  /** What a new pack would have had but this package already decides, kept as it is. */
  readonly kept: readonly string[];
}

/**
 * Adds to an existing package.json what a tool pack needs and it lacks, key by key: a name and a version
 * when it has none, the pack keyword, the `gen` and `check` scripts, and the dependencies of a new pack
 * (`scaffold`; a package listed under any dependency field counts as present). The additions are made in
 * the text, after the existing entries and in the file's own layout, so nothing is reordered, reformatted,
 * changed or dropped. Keys a new pack sets that would change how an existing package is built or
 * published (`type`, `exports`, `files`, other scripts) are not touched. Throws an `Error` saying why when
 * the text is not a JSON object.
 */
export function mergePackageJson(text: string, scaffold: Manifest, name: string): MergedPackageJson {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch (error) {
    throw new Error(`package.json is not valid JSON (${(error as Error).message})`);
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new Error('package.json does not hold a JSON object');
  }
  let out = text;
  const added: string[] = [];
  const kept: string[] = [];
  if (manifest.name === undefined) {
    out = addMember(out, undefined, 'name', name);
    added.push(`name "${name}"`);
  }
  if (manifest.version === undefined) {
    out = addMember(out, undefined, 'version', scaffold.version);
    added.push(`version "${String(scaffold.version)}"`);
  }
  const { keywords } = manifest;
  if (keywords !== undefined && !Array.isArray(keywords)) kept.push('keywords (not a list)');
  else if (keywords === undefined || !keywords.includes(PACK_KEYWORD)) {
    out =
      keywords === undefined
        ? addMember(out, undefined, 'keywords', [PACK_KEYWORD])
        : addElement(out, 'keywords', PACK_KEYWORD);
    added.push(`keywords "${PACK_KEYWORD}"`);
  }
  const scripts = (scaffold.scripts ?? {}) as Record<string, string>;
  const wanted: [string, Record<string, string>][] = [
    [
      'scripts',
      Object.fromEntries(['gen', 'check'].flatMap((key) => (scripts[key] === undefined ? [] : [[key, scripts[key]]]))),
    ],
    ['dependencies', (scaffold.dependencies ?? {}) as Record<string, string>],
    ['devDependencies', (scaffold.devDependencies ?? {}) as Record<string, string>],
  ];
  for (const [field, entries] of wanted) {
    const fresh: Record<string, string> = {};
    for (const [key, value] of Object.entries(entries)) {
      const present = field === 'scripts' ? [field] : DEPENDENCY_FIELDS.filter((other) => hasKey(manifest[other], key));
      if (field === 'scripts' ? hasKey(manifest.scripts, key) : present.length > 0) {
        kept.push(keyPath(present[0] ?? field, key));
        continue;
      }
      fresh[key] = value;
    }
    if (Object.keys(fresh).length === 0) continue;
    const existing = manifest[field];
    if (existing !== undefined && (typeof existing !== 'object' || existing === null || Array.isArray(existing))) {
      kept.push(`${field} (not an object)`);
      continue;
    }
    if (existing === undefined) out = addMember(out, undefined, field, fresh);
    else for (const [key, value] of Object.entries(fresh)) out = addMember(out, field, key, value);
    added.push(...Object.keys(fresh).map((key) => keyPath(field, key)));
  }
  return { text: out, added, kept };
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key);
}

/** `scripts.gen`, `dependencies['@wesgine/schema']`: a key as the user would look for it. */
function keyPath(field: string, key: string): string {
  return /^[\w-]+$/.test(key) ? `${field}.${key}` : `${field}['${key}']`;
}
