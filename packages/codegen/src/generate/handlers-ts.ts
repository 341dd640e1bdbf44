import { tsBanner } from './banner.js';
import type { GeneratedFile } from './generated-file.js';
import type { GenerateContext } from './pack-exports.js';

/** The module specifier of a tool's handler, from `generated/`. */
export function handlerSpecifier(name: string): string {
  return `../src/handlers/${name}.js`;
}

/** The module specifier of a tool's definition, from `generated/`. */
export function definitionSpecifier(name: string): string {
  return `../tools/${name}.tool.js`;
}

/**
 * `generated/handlers.gen.ts`: the pack's tools as a tuple sorted by name and the handler table checked
 * against them, so a missing, extra or mistyped handler fails to compile on its own line; and the pack's
 * name and version.
 */
export function handlersFile(context: GenerateContext): GeneratedFile {
  const tools = context.tools.map(({ tool }) => tool);
  const lines = [
    tsBanner(context.generator, 'package.json and tools/*.tool.ts'),
    "import type { ToolHandlers } from '@wesgine/schema';",
    ...tools.map((tool) => `import { ${tool.identifiers.camel} } from '${handlerSpecifier(tool.name)}';`),
    ...tools.map((tool) => `import ${tool.identifiers.definition} from '${definitionSpecifier(tool.name)}';`),
    '',
    "/** The pack's name and version, from its package.json, so they never drift from what npm publishes. */",
    `export const pack = { name: '${context.pack.name}', version: '${context.pack.version}' } as const;`,
    '',
    '/** Every tool of the pack, sorted by name. */',
    'export const tools = [',
    ...tools.map((tool) => `  ${tool.identifiers.definition},`),
    '] as const;',
    '',
    '/** One handler per tool, written in src/handlers/<tool>.ts. */',
    'export const handlers = {',
    ...tools.map((tool) => `  '${tool.name}': ${tool.identifiers.camel},`),
    '} satisfies ToolHandlers<typeof tools>;',
    '',
  ];
  return { path: 'generated/handlers.gen.ts', contents: lines.join('\n') };
}
