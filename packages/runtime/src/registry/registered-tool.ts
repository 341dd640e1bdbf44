import {
  type AnyToolDefinition,
  compileValidator,
  findMarkedParameters,
  type MarkedParameter,
  type ToolContext,
  type Validator,
} from '@wesgine/schema';

/** Where a tool came from. Sources differ only in how the handler runs; every call walks one pipeline. */
export type ToolSourceKind = 'engine' | 'sdk' | 'mcp' | 'plugin' | 'adapter' | 'agent' | 'run';

export type AnyHandler = (args: unknown, context: ToolContext) => unknown;

/** The tool pack a tool came from: its npm name and version (any `defineToolPack` value is one). */
export interface PackOrigin {
  readonly name: string;
  readonly version: string;
}

/** A tool ready to call: its definition, its compiled validator and the parameters governance checks. */
export interface RegisteredTool {
  readonly definition: AnyToolDefinition;
  readonly source: ToolSourceKind;
  /** `pack@version`, the MCP server, the agent: who supplied it, for the audit record. */
  readonly provenance: string;
  /** The pack it came from, when it came from one (an engine pack, or a pack's tool registered on a cell). */
  readonly pack: PackOrigin | undefined;
  /** The id of the `ToolSource` it came from (`mcp:fs`, `plugin:lint`), when it came from one. */
  readonly sourceId: string | undefined;
  /** `off` when its source's process runs outside the OS sandbox (`ToolSource.sandbox`). */
  readonly sandbox: 'off' | undefined;
  readonly handler: AnyHandler;
  readonly validator: Validator;
  readonly marked: readonly MarkedParameter[];
}

/** The `ToolSource` a tool came from: its id and whether its process runs outside the OS sandbox. */
export interface SourceOrigin {
  readonly sourceId: string;
  readonly sandbox: 'off' | undefined;
}

/**
 * Compiles what every call needs once, when the tool is registered. `from` is who supplied it: a pack
 * (its provenance is then `name@version`) or a description such as `cell <id>`; `origin` is the
 * `ToolSource` it came from, when it came from one.
 */
export function registerTool(
  definition: AnyToolDefinition,
  handler: AnyHandler,
  source: ToolSourceKind,
  from: string | PackOrigin,
  origin?: SourceOrigin,
): RegisteredTool {
  const pack = typeof from === 'string' ? undefined : Object.freeze({ name: from.name, version: from.version });
  const provenance = pack === undefined ? (from as string) : `${pack.name}@${pack.version}`;
  let validator: Validator;
  let marked: readonly MarkedParameter[];
  try {
    validator = compileValidator(definition.parameters);
    marked = findMarkedParameters(definition.parameters);
  } catch (error) {
    // A schema from a source (an MCP server) may be hostile: a stack overflow becomes a sentence.
    const reason = error instanceof RangeError ? 'the schema nests too deeply' : (error as Error).message;
    throw new Error(`the tool '${definition.name}' from ${provenance} cannot be registered: ${reason}`);
  }
  const sourceId = origin?.sourceId;
  const sandbox = origin?.sandbox === 'off' ? 'off' : undefined;
  return Object.freeze({ definition, source, provenance, pack, sourceId, sandbox, handler, validator, marked });
}
