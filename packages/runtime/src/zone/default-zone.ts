import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's own folder: the nearest one above this module holding a package.json. Walking up,
 * rather than a fixed `../..`, keeps it right wherever the build puts this code (the source tree, or
 * one bundled file or chunk at the top of dist).
 */
export function packageFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('@wesgine/runtime cannot find its own package.json above its code.');
    folder = parent;
  }
  return folder;
}

/**
 * The default Zone file the package ships (`zones/default.yaml`): exploration allowed, action asked,
 * secret-looking files denied. `serve` users and the playground start from it.
 */
export const DEFAULT_ZONE_FILE: string = join(packageFolder(), 'zones', 'default.yaml');
