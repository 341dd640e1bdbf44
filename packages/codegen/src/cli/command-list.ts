import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeTool } from '@wesgine/schema';
import { CodegenError } from '../errors.js';
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
        `  ${tool.name.padEnd(width)}  ${tool.category.padEnd(11)}  ${summary(tool.name, described.get(tool.name) ?? '')}`,
      );
    }
  }
  return 0;
}

/** The tool's summary as the docs give it (the model's first sentence). */
function summary(name: string, description: string): string {
  return describeTool({ name, description, parameters: {} }).summary;
}

function readJson<T>(root: string, path: string): T {
  try {
    return JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
    throw new CodegenError([{ file: path, message: `${reason}; run wesgine-tools gen` }]);
  }
}
