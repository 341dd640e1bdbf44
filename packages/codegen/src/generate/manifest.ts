import { DIALECT_NAMES, declaredCategory, findMarkedParameters } from '@wesgine/schema';
import { jsonFile } from './banner.js';
import { formatJson } from './format-json.js';
import type { GeneratedFile } from './generated-file.js';
import type { ExportedTool, GenerateContext } from './pack-exports.js';
import { schemaHash } from './schema-hash.js';

/**
 * `toolpack.json`: what a runtime or a registry needs to know about the pack without running it. Per
 * tool: the schema hash (audit provenance), the category, what it declares it touches (paths, commands,
 * network), its limits, and which dialects can take it in strict mode.
 */
export function manifestFile(context: GenerateContext): GeneratedFile {
  const { pack, generator } = context;
  return {
    path: 'toolpack.json',
    contents: jsonFile(
      generator,
      'package.json and tools/*.tool.ts',
      {
        name: pack.name,
        version: pack.version,
        generator: { name: generator.name, version: generator.version },
        tools: context.tools.map(manifestEntry),
      },
      formatJson,
    ),
  };
}

function manifestEntry({ tool, json, dialects }: ExportedTool): Record<string, unknown> {
  const { meta } = tool.definition;
  const marked = findMarkedParameters(tool.definition.parameters);
  const pointers = (kind: 'command' | 'url' | 'recipient') =>
    marked.filter((item) => item.kind === kind).map((item) => item.pointer);
  const urls = pointers('url');
  const recipients = pointers('recipient');
  const strict: Record<string, boolean> = {};
  for (const dialect of DIALECT_NAMES) strict[dialect] = dialects[dialect].loss.strictCapable;
  return {
    name: tool.name,
    ...(meta.aliases === undefined ? {} : { aliases: [...meta.aliases] }),
    file: tool.file,
    schemaHash: schemaHash(json.parameters),
    resultSchemaHash: json.result === undefined ? null : schemaHash(json.result),
    category: declaredCategory(meta),
    progressAware: meta.progressAware === true,
    destructive: meta.destructive === true,
    ...(meta.displayOnly === undefined ? {} : { displayOnly: [...meta.displayOnly] }),
    ...(meta.askFirst === true ? { askFirst: true } : {}),
    needs: {
      paths: marked.flatMap((item) => (item.kind === 'path' ? [{ pointer: item.pointer, access: item.access }] : [])),
      exec: pointers('command'),
      network: urls.length > 0 || meta.openWorld === true,
      urls,
      ...(recipients.length === 0 ? {} : { recipients }),
    },
    timeoutMs: meta.timeoutMs ?? null,
    outputBudget: meta.outputBudget ?? null,
    strictRequired: meta.strict === true,
    strictCapable: strict,
  };
}
