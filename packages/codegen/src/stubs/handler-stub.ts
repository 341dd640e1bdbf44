import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from '../generate/generated-file.js';
import { argsTypeName, resultTypeName } from '../generate/types-ts.js';
import type { LoadedPack, PackTool } from '../load/load-pack.js';

/** The pack-relative path of a tool's hand-written handler. */
export function handlerPath(name: string): string {
  return `src/handlers/${name}.ts`;
}

/** The tools of `pack` whose handler file does not exist yet. */
export function toolsWithoutHandler(pack: LoadedPack): PackTool[] {
  return pack.tools.filter((tool) => !existsSync(join(pack.root, handlerPath(tool.name))));
}

/**
 * Typed stubs for `tools` (the ones without a handler): a `ToolHandler` of the generated argument and
 * result types that throws `not_implemented`. A plain template: the file is seven fixed lines, and
 * loading a TypeScript printer for them cost half a second of every first `gen`. The caller writes them
 * only where no file exists: a stub never replaces a handler.
 */
export function handlerStubs(tools: readonly PackTool[]): GeneratedFile[] {
  return tools.map((tool) => {
    const args = argsTypeName(tool);
    const types = tool.definition.result === undefined ? [args] : [args, resultTypeName(tool)];
    const message = JSON.stringify(`tool '${tool.name}' is not implemented: write ${handlerPath(tool.name)}`);
    const contents = [
      "import { ToolError, type ToolHandler } from '@wesgine/schema';",
      `import type { ${types.join(', ')} } from '../../generated/types.gen.js';`,
      '',
      `/** Handles \`${tool.name}\`. A stub written once by \`wesgine-tools gen\`: yours to implement, never regenerated. */`,
      `export const ${tool.identifiers.camel}: ToolHandler<${types.join(', ')}> = async (args, context) => {`,
      `  throw new ToolError('not_implemented', ${message});`,
      '};',
      '',
    ].join('\n');
    return { path: handlerPath(tool.name), contents };
  });
}
