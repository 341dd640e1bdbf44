import { DIALECT_NAMES } from '@wesgine/schema';
import { jsonFile } from './banner.js';
import type { GeneratedFile } from './generated-file.js';
import type { GenerateContext } from './pack-exports.js';

/** `generated/tools.gen.json`: the catalogue `GET /tools` serves, in our draft 2020-12 form. */
export function toolsJsonFile(context: GenerateContext): GeneratedFile {
  return {
    path: 'generated/tools.gen.json',
    contents: jsonFile(context.generator, 'tools/*.tool.ts', { tools: context.tools.map((tool) => tool.json) }),
  };
}

/** `generated/schemas/<name>.gen.json`: one tool in our form, `x-wesgine-*` keywords kept. */
export function schemaFiles(context: GenerateContext): GeneratedFile[] {
  return context.tools.map(({ tool, json }) => ({
    path: `generated/schemas/${tool.name}.gen.json`,
    contents: jsonFile(context.generator, tool.file, { ...json }),
  }));
}

/**
 * `generated/dialects/<dialect>/<name>.gen.json` (the provider's declaration, under `declaration`, ready
 * to send) and `generated/dialects/<dialect>/loss-report.gen.json` (what each tool lost on the way).
 */
export function dialectFiles(context: GenerateContext): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const dialect of DIALECT_NAMES) {
    for (const { tool, dialects } of context.tools) {
      const exported = dialects[dialect];
      files.push({
        path: `generated/dialects/${dialect}/${tool.name}.gen.json`,
        contents: jsonFile(context.generator, tool.file, {
          dialect,
          tool: tool.name,
          providerName: exported.name,
          declaration: exported.declaration,
        }),
      });
    }
    files.push({
      path: `generated/dialects/${dialect}/loss-report.gen.json`,
      contents: jsonFile(context.generator, 'tools/*.tool.ts', {
        dialect,
        tools: context.tools.map(({ dialects }) => dialects[dialect].loss),
      }),
    });
  }
  return files;
}
