import { mergePackageJson } from './merge-package-json.js';
import type { ScaffoldFile } from './scaffold-pack.js';

/** What `init` does in an existing package: the files to write and what it says it added and left. */
export interface AddToPackagePlan {
  /** Files that are absent, and package.json when it gains keys. Never an existing file but package.json. */
  readonly writes: readonly ScaffoldFile[];
  /** Files and folders added, then the package.json keys added (`package.json scripts.gen`). */
  readonly added: readonly string[];
  /** What a new pack would have and this package already has, kept as it is. */
  readonly left: readonly string[];
}

/**
 * The pack's own files an existing package gains. The build files of a new pack (`tsconfig.build.json`,
 * `.gitignore`) are not among them: an existing package already builds and ignores as it chooses.
 */
const ADDED_PATHS = ['tsconfig.json', 'tools/.gitkeep', 'src/handlers/.gitkeep', 'src/index.ts', 'docs/tools.md'];

/**
 * Plans `init` in an existing package from the files of a new pack (`scaffoldPack`): each file it lacks
 * is added (a `.gitkeep` only where its folder is absent), package.json is merged key by key
 * (`mergePackageJson`), and everything else is left. Pure: `exists` answers for pack-relative paths.
 * Throws an `Error` saying what is wrong with package.json, before anything is written.
 */
export function planAddToPackage(
  files: readonly ScaffoldFile[],
  exists: (path: string) => boolean,
  packageJson: string,
  name: string,
): AddToPackagePlan {
  const scaffold = JSON.parse(files.find((file) => file.path === 'package.json')?.contents ?? '{}');
  const merged = mergePackageJson(packageJson, scaffold, name);
  const writes: ScaffoldFile[] = [];
  const added: string[] = [];
  const left: string[] = [];
  for (const path of ADDED_PATHS) {
    const file = files.find((candidate) => candidate.path === path);
    if (file === undefined) continue;
    const keep = path.endsWith('/.gitkeep');
    const shown = keep ? path.slice(0, -'.gitkeep'.length) : path;
    if (exists(keep ? shown.slice(0, -1) : path)) {
      left.push(shown);
      continue;
    }
    writes.push(file);
    added.push(shown);
  }
  if (merged.added.length > 0) {
    writes.push({ path: 'package.json', contents: merged.text });
    added.push(...merged.added.map((key) => `package.json ${key}`));
  }
  left.push(...merged.kept.map((key) => `package.json ${key}`));
  return { writes, added, left };
}
