/** The keyword `init` puts in package.json: it marks the package as a tool pack (even a workspace root). */
export const PACK_KEYWORD = 'wesgine-tool-pack';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** What `init` adds to an existing package.json, taken from a new pack's package.json. */
type Manifest = Record<string, unknown>;

export interface MergedPackageJson {
  /** The file with the additions, in the existing indentation; unchanged text when nothing was added. */
  readonly text: string;
  /** What was added, as `scripts.gen`, `dependencies['@wesgine/schema']`, ... */
  readonly added: readonly string[];
  /** What a new pack would have had but this package already decides, kept as it is. */
  readonly kept: readonly string[];
}

/**
 * Adds to an existing package.json what a tool pack needs and it lacks, key by key: a name and a version
 * when it has none, the pack keyword, the `gen` and `check` scripts, and the dependencies (a package the
 * file lists under any dependency field counts as present). Nothing is reordered, changed or dropped:
 * new keys go after the existing ones. Keys a new pack sets that would change how an existing package
 * is built or published (`type`, `exports`, `files`, other scripts) are not touched. Throws an `Error`
 * saying why when the text is not a JSON object.
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
  const added: string[] = [];
  const kept: string[] = [];
  if (manifest.name === undefined) {
    manifest.name = name;
    added.push(`name "${name}"`);
  }
  if (manifest.version === undefined) {
    manifest.version = scaffold.version;
    added.push(`version "${String(scaffold.version)}"`);
  }
  const { keywords } = manifest;
  if (keywords !== undefined && !Array.isArray(keywords)) kept.push('keywords (not a list)');
  else if (keywords === undefined || !keywords.includes(PACK_KEYWORD)) {
    manifest.keywords = [...(keywords ?? []), PACK_KEYWORD];
    added.push(`keywords "${PACK_KEYWORD}"`);
  }
  const scripts = (scaffold.scripts ?? {}) as Record<string, string>;
  for (const script of ['gen', 'check']) {
    const value = scripts[script];
    if (value !== undefined) addKey(manifest, 'scripts', script, value, added, kept);
  }
  for (const field of ['dependencies', 'devDependencies'] as const) {
    for (const [dependency, range] of Object.entries((scaffold[field] ?? {}) as Record<string, string>)) {
      if (DEPENDENCY_FIELDS.some((other) => hasKey(manifest[other], dependency))) {
        kept.push(keyPath(listedIn(manifest, dependency), dependency));
        continue;
      }
      addKey(manifest, field, dependency, range, added, kept);
    }
  }
  if (added.length === 0) return { text, added, kept };
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const body = JSON.stringify(manifest, null, indent).replaceAll('\n', newline);
  return { text: `${body}${text.endsWith('\n') ? newline : ''}`, added, kept };
}

function addKey(manifest: Manifest, field: string, key: string, value: string, added: string[], kept: string[]): void {
  const at = keyPath(field, key);
  const existing = manifest[field];
  if (existing === undefined) manifest[field] = {};
  else if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
    if (!kept.includes(`${field} (not an object)`)) kept.push(`${field} (not an object)`);
    return;
  }
  const object = manifest[field] as Record<string, unknown>;
  if (Object.hasOwn(object, key)) {
    kept.push(at);
    return;
  }
  object[key] = value;
  added.push(at);
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

function listedIn(manifest: Manifest, dependency: string): string {
  return DEPENDENCY_FIELDS.find((field) => hasKey(manifest[field], dependency)) ?? 'dependencies';
}

/** `scripts.gen`, `dependencies['@wesgine/schema']`: a key as the user would look for it. */
function keyPath(field: string, key: string): string {
  return /^[\w-]+$/.test(key) ? `${field}.${key}` : `${field}['${key}']`;
}
