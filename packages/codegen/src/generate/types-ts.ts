import { CodegenError, problem } from '../errors.js';
import type { PackTool } from '../load/load-pack.js';
import { tsBanner } from './banner.js';
import type { GeneratedFile } from './generated-file.js';
import { definitionSpecifier } from './handlers-ts.js';
import type { GenerateContext } from './pack-exports.js';
import { printDefinitions } from './print-types.js';
import type { Declaration } from './tidy-types.js';
import { typeboxToJstt } from './typebox-to-jstt.js';

const PATH = 'generated/types.gen.ts';

/** The name of a tool's argument interface, `<Pascal>Args`. */
export function argsTypeName(tool: PackTool): string {
  return `${tool.identifiers.pascal}Args`;
}

/** The name of a tool's result type, `<Pascal>Result`; only tools with a `result` schema have one. */
export function resultTypeName(tool: PackTool): string {
  return `${tool.identifiers.pascal}Result`;
}

/**
 * `generated/types.gen.ts`: a named type per tool's arguments and result, printed by
 * json-schema-to-typescript from the TypeBox schema (one compile for the whole pack, no prettier), and
 * a type-level proof per type that it is exactly TypeBox's `Static` of the schema, so a difference fails
 * to compile on the line of that tool.
 */
export async function typesFile(context: GenerateContext): Promise<GeneratedFile> {
  const tools = context.tools.map(({ tool }) => tool);
  const definitions: Record<string, unknown> = {};
  for (const tool of tools) {
    definitions[argsTypeName(tool)] = typeboxToJstt(tool.definition.parameters, argsTypeName(tool), definitions);
    if (tool.definition.result !== undefined) {
      definitions[resultTypeName(tool)] = typeboxToJstt(tool.definition.result, resultTypeName(tool), definitions);
    }
  }
  const printed = await printDefinitions(
    definitions,
    (text) => new CodegenError([problem(PATH, undefined, `json-schema-to-typescript failed: ${text}`)]),
  );
  const declarations = ordered(printed, tools);
  const lines = [
    tsBanner(context.generator, 'tools/*.tool.ts'),
    "import type { Static } from '@wesgine/schema';",
    ...tools.map((tool) => `import type ${tool.identifiers.definition} from '${definitionSpecifier(tool.name)}';`),
    '',
    ...declarations.flatMap((declaration) => [declaration.text, '']),
    '// The proof: each type above is exactly the `Static` type of its schema. A difference fails to compile',
    "// on that tool's line; regenerate, or change the schema so json-schema-to-typescript can print it.",
    'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;',
    'type Assert<T extends true> = T;',
    'export type TypesMatchSchemas = [',
    ...tools.flatMap((tool) => {
      const proof = [
        `  Assert<Equal<${argsTypeName(tool)}, Static<typeof ${tool.identifiers.definition}.parameters>>>,`,
      ];
      if (tool.definition.result !== undefined) {
        proof.push(`  Assert<Equal<${resultTypeName(tool)}, Static<typeof ${tool.identifiers.definition}.result>>>,`);
      }
      return proof;
    }),
    '];',
    '',
  ];
  return { path: PATH, contents: lines.join('\n') };
}

/** Each tool's declarations in name order (arguments, helpers, result, helpers). */
function ordered(declarations: readonly Declaration[], tools: readonly PackTool[]): Declaration[] {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const result: Declaration[] = [];
  const take = (prefix: string) => {
    const exact = byName.get(prefix);
    if (exact !== undefined) result.push(exact);
    byName.delete(prefix);
    const helpers = [...byName.keys()].filter((name) => name.startsWith(`${prefix}Node`)).sort();
    for (const name of helpers) {
      const helper = byName.get(name);
      if (helper !== undefined) result.push(helper);
      byName.delete(name);
    }
  };
  for (const tool of tools) {
    take(argsTypeName(tool));
    if (tool.definition.result !== undefined) take(resultTypeName(tool));
  }
  const rest = [...byName.keys()].sort();
  for (const name of rest) {
    const declaration = byName.get(name);
    if (declaration !== undefined) result.push(declaration);
  }
  return result;
}
