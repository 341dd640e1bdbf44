import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This package's folder (`apps/playground`): the nearest one above this module holding a package.json,
 * so it is right from the sources (`src/server`) and from the build (`dist/server`) alike.
 */
export function packageFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('@wesgine/playground cannot find its own package.json above its code.');
    folder = parent;
  }
  return folder;
}

/** Whether this module runs from its TypeScript sources (tests, tsx) rather than from the build. */
export function fromSources(): boolean {
  return import.meta.url.endsWith('.ts');
}
