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

/** A tool ready to call: its definition, its compiled validator and the parameters governance checks. */
export interface RegisteredTool {
  readonly definition: AnyToolDefinition;
  readonly source: ToolSourceKind;
  /** `pack@version`, the MCP server, the agent: who supplied it, for the audit record. */
  readonly provenance: string;
  readonly handler: AnyHandler;
  readonly validator: Validator;
  readonly marked: readonly MarkedParameter[];
}

/** Compiles what every call needs once, when the tool is registered. */
export function registerTool(
  definition: AnyToolDefinition,
  handler: AnyHandler,
  source: ToolSourceKind,
  provenance: string,
): RegisteredTool {
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
  return Object.freeze({ definition, source, provenance, handler, validator, marked });
}
