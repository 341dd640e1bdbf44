import { declaredCategory } from '@wesgine/schema';
import { tsBanner } from './banner.js';
import type { GeneratedFile } from './generated-file.js';
import type { GenerateContext } from './pack-exports.js';

/**
 * `generated/categories.gen.ts`: the category each tool declares (`meta.category`, else `meta.readOnly`,
 * else `action`), under its name and each of its aliases, and the progress-aware tools, as the engine's
 * and a cell's maps take them.
 */
export function categoriesFile(context: GenerateContext): GeneratedFile {
  const entries = context.tools
    .flatMap(({ tool }) => {
      const category = declaredCategory(tool.definition.meta);
      return [tool.name, ...(tool.definition.meta.aliases ?? [])].map((name) => ({ name, category }));
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, category }) => `  '${name}': '${category}',`);
  const progress = context.tools
    .filter(({ tool }) => tool.definition.meta.progressAware === true)
    .map(({ tool }) => `  '${tool.name}',`);
  const lines = [
    tsBanner(context.generator, 'tools/*.tool.ts'),
    "import type { ToolCategory } from '@wesgine/schema';",
    '',
    "/** Each tool's category: `exploration` tools only read, `action` tools may change things. */",
    'export const categories = {',
    ...entries,
    '} as const satisfies Readonly<Record<string, ToolCategory>>;',
    '',
    '/** Tools whose repeated calls with changed arguments are progress, not a loop. */',
    progress.length === 0 ? 'export const progressAware = [] as const;' : 'export const progressAware = [',
    ...(progress.length === 0 ? [] : [...progress, '] as const;']),
    '',
  ];
  return { path: 'generated/categories.gen.ts', contents: lines.join('\n') };
}
