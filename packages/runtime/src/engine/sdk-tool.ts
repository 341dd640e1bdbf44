import {
  type AnyToolDefinition,
  defineTool,
  type NamedPath,
  type Static,
  type TObject,
  type ToolCategory,
  type ToolContext,
  type ToolExample,
  type ToolMeta,
  type TSchema,
} from '@wesgine/schema';
import type { PackOrigin } from '../registry/registered-tool.js';

/**
 * A tool given as a closure (`cell.tools().register(...)`, `RunParams.tools`): a definition plus its
 * handler. Every field of a `defineTool` definition is kept, so `{ ...definition, handler }` registers
 * the tool whole: its result schema, examples, `categoryOf` and `pathsOf` (governance checks the paths
 * it names, as for an engine tool).
 */
export interface SdkTool<TParameters extends TObject = TObject> {
  readonly name: string;
  readonly description: string;
  readonly parameters: TParameters;
  readonly result?: TSchema | undefined;
  readonly meta?: ToolMeta;
  readonly examples?: readonly ToolExample<Static<TParameters>>[];
  readonly categoryOf?: (args: Static<TParameters>) => ToolCategory;
  readonly pathsOf?: (args: Static<TParameters>) => readonly NamedPath[];
  /**
   * The pack the tool comes from (a `defineToolPack` value, or its name and version): the tool's
   * provenance in the audit record is then `name@version` instead of the cell.
   */
  readonly pack?: PackOrigin | undefined;
  /** Typed from `parameters`; called only with arguments that passed validation. */
  readonly handler: (args: Static<TParameters>, context: ToolContext) => unknown;
}

/** The checked definition of an SDK tool, by the `defineTool` rules, with nothing of it left out. */
export function sdkDefinition<TParameters extends TObject>(tool: SdkTool<TParameters>): AnyToolDefinition {
  if (typeof tool !== 'object' || tool === null) throw new Error('a tool needs an object with a name and a handler');
  if (typeof tool.handler !== 'function') throw new Error(`the tool '${String(tool.name)}' needs a handler function`);
  const { name, description, parameters, result, meta, examples, categoryOf, pathsOf } = tool;
  return defineTool({
    name,
    description,
    parameters,
    ...(result === undefined ? {} : { result }),
    ...(meta === undefined ? {} : { meta }),
    ...(examples === undefined ? {} : { examples }),
    ...(categoryOf === undefined ? {} : { categoryOf }),
    ...(pathsOf === undefined ? {} : { pathsOf }),
  });
}

/** Who supplied an SDK tool: its pack when it names one (checked to hold the tool), else `fallback`. */
export function sdkOrigin(tool: Pick<SdkTool, 'name' | 'pack'>, fallback: string): string | PackOrigin {
  const { pack } = tool;
  if (pack === undefined) return fallback;
  if (typeof pack?.name !== 'string' || typeof pack.version !== 'string') {
    throw new Error(`the tool '${tool.name}' names a pack without a string name and version`);
  }
  const listed = (pack as { tools?: unknown }).tools;
  if (Array.isArray(listed) && !listed.some((item) => (item as { name?: unknown })?.name === tool.name)) {
    throw new Error(
      `the tool '${tool.name}' names the pack ${pack.name}@${pack.version}, which has no tool of that name`,
    );
  }
  return { name: pack.name, version: pack.version };
}
