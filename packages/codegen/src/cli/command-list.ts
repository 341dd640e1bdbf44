import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CodegenError } from '../errors.js';
import { firstSentence } from '../generate/first-sentence.js';
import type { CliIo } from './io.js';

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly { readonly name: string; readonly category: string }[];
}

interface ToolList {
  readonly tools: readonly { readonly name: string; readonly description: string }[];
}

/**
 * `wesgine-tools list`: the catalogue, read from each pack's generated files (toolpack.json and
 * generated/tools.gen.json), so it shows what the pack publishes without loading any TypeScript.
 */
export function commandList(io: CliIo, packs: readonly string[]): number {
  for (const [index, root] of packs.entries()) {
    const manifest = readJson<Manifest>(root, 'toolpack.json');
    const described = new Map(
      readJson<ToolList>(root, 'generated/tools.gen.json').tools.map((tool) => [tool.name, tool.description]),
    );
    if (index > 0) io.out('');
    const count = `${manifest.tools.length} tool${manifest.tools.length === 1 ? '' : 's'}`;
    io.out(`${manifest.name}@${manifest.version}  ${count}  (${relative(io.cwd, root) || '.'})`);
    const width = Math.max(0, ...manifest.tools.map((tool) => tool.name.length));
    for (const tool of manifest.tools) {
      io.out(
        `  ${tool.name.padEnd(width)}  ${tool.category.padEnd(11)}  ${firstSentence(described.get(tool.name) ?? '')}`,
      );
    }
  }
  return 0;
}

function readJson<T>(root: string, path: string): T {
  try {
    return JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
    throw new CodegenError([{ file: path, message: `${reason}; run wesgine-tools gen` }]);
  }
}
