import { join, relative } from 'node:path';
import { generateDocs } from '../generate-docs.js';
import type { CliIo } from './io.js';

/** `wesgine-tools docs`: regenerates the reference in docs/tools.md and nothing else. */
export async function commandDocs(io: CliIo, packs: readonly string[]): Promise<number> {
  for (const root of packs) {
    const { path, written } = await generateDocs(root);
    io.out(`${relative(io.cwd, join(root, path))}: ${written ? 'written' : 'up to date'}`);
  }
  return 0;
}
