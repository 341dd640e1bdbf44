import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `name` in the pack's package.json, or the folder itself when there is none to read. */
export function packNameAt(root: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown };
    return typeof manifest.name === 'string' ? manifest.name : root;
  } catch {
    return root;
  }
}
