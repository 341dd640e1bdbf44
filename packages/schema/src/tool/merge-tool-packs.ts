import { ToolDefinitionError } from '../errors/tool-definition-error.js';
import type { AnyToolDefinition } from './define-tool.js';
import { type AnyToolPack, defineToolPack, type ToolPack } from './define-tool-pack.js';

/** The tools of several packs, in order, as one tuple: `[...A, ...B]`. */
export type MergedTools<TPacks extends readonly AnyToolPack[]> = TPacks extends readonly [
  infer THead extends AnyToolPack,
  ...infer TRest extends readonly AnyToolPack[],
]
  ? readonly [...THead['tools'], ...MergedTools<TRest>]
  : readonly [];

/**
 * One pack made of several (to publish them together): their tools in order, their handlers and their
 * unlisted names, under the new pack's own name and version. The result is a `defineToolPack` value, so
 * its handlers keep their types. A tool name, or an alias, found in two of the packs is an error naming
 * both. To keep each pack's own provenance, give the packs to `createEngine({ tools: [a, b] })` instead.
 */
export function mergeToolPacks<const TPacks extends readonly AnyToolPack[]>(
  identity: { readonly name: string; readonly version: string },
  ...packs: TPacks
): ToolPack<MergedTools<TPacks>> {
  const owners = new Map<string, string>();
  const tools: AnyToolDefinition[] = [];
  const handlers: Record<string, unknown> = {};
  const unlisted: string[] = [];
  for (const pack of packs) {
    const id = `${pack.name}@${pack.version}`;
    for (const tool of pack.tools) {
      for (const name of [tool.name, ...(tool.meta.aliases ?? [])]) {
        const earlier = owners.get(name);
        if (earlier !== undefined) {
          throw new ToolDefinitionError(
            name,
            `mergeToolPacks: both ${earlier} and ${id} have a tool or alias of this name; a merged pack needs one`,
          );
        }
        owners.set(name, id);
      }
      tools.push(tool);
      handlers[tool.name] = (pack.handlers as Record<string, unknown>)[tool.name];
    }
    unlisted.push(...(pack.unlisted ?? []));
  }
  return defineToolPack({ ...identity, tools, handlers, unlisted } as never) as unknown as ToolPack<
    MergedTools<TPacks>
  >;
}
