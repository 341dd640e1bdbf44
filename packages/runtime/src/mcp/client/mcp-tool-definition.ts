import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  type AnyToolDefinition,
  compileValidator,
  defineTool,
  type TObject,
  type ToolMeta,
  Type,
  toolNameProblem,
} from '@wesgine/schema';
import { markPaths } from './mark-paths.js';
import type { McpServerConfig } from './mcp-server-config.js';

const KIND = Symbol.for('TypeBox.Kind');

/** An MCP tool as a definition of the cell, or why it is left out. */
export type McpToolDefinition =
  | { readonly ok: true; readonly definition: AnyToolDefinition; readonly hasPaths: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * The definition of one MCP tool in a cell: its name with the server's prefix, its `inputSchema` as the
 * parameters (closed like every tool's, the config's `paths` marked so governance judges them), its
 * `outputSchema` as the result, and its annotations as meta. `readOnlyHint` only becomes `meta.readOnly`
 * (category level 3), never a permission. A tool that cannot be called safely is left out, with the reason.
 */
export function mcpToolDefinition(tool: Tool, config: McpServerConfig): McpToolDefinition {
  const name = `${config.prefix ?? ''}${tool.name}`;
  const nameProblem = toolNameProblem(name);
  if (nameProblem !== undefined) return { ok: false, reason: `its name cannot be a tool's here: ${nameProblem}` };
  if (tool.execution?.taskSupport === 'required') {
    return { ok: false, reason: 'it runs only as an MCP task, which this client does not start' };
  }
  const input = plainCopy(tool.inputSchema);
  if (input === undefined || input.type !== 'object') {
    return { ok: false, reason: 'its inputSchema is not an object schema' };
  }
  const marks = config.paths?.[tool.name];
  if (marks !== undefined) {
    const problem = markPaths(input, marks);
    if (problem !== undefined) return { ok: false, reason: `the paths config cannot apply: ${problem}` };
  }
  const output = tool.outputSchema === undefined ? undefined : plainCopy(tool.outputSchema);
  try {
    const definition = defineTool({
      name,
      description: description(tool, config.name),
      parameters: Type.Unsafe({ ...input, [KIND]: 'Object' }) as unknown as TObject,
      ...(output === undefined ? {} : { result: Type.Unsafe(output) }),
      meta: meta(tool, config),
    });
    // Compiled now (the validator is cached per schema), so a schema the validator cannot take leaves
    // the tool out here instead of failing inside the cell's registry.
    compileValidator(definition.parameters);
    return { ok: true, definition, hasPaths: marks !== undefined };
  } catch (error) {
    const reason = error instanceof RangeError ? 'the schema nests too deeply' : (error as Error).message;
    return { ok: false, reason: `its inputSchema cannot be used: ${reason}` };
  }
}

function description(tool: Tool, server: string): string {
  for (const text of [tool.description, tool.title, tool.annotations?.title]) {
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return `The tool ${tool.name} of the MCP server ${server}.`;
}

function meta(tool: Tool, config: McpServerConfig): ToolMeta {
  const hints = tool.annotations ?? {};
  const readOnly = hints.readOnlyHint === true;
  return {
    ...(readOnly ? { readOnly: true } : {}),
    // A read-only tool destroys nothing: the hint is meaningful only beside a write.
    ...(!readOnly && typeof hints.destructiveHint === 'boolean' ? { destructive: hints.destructiveHint } : {}),
    ...(typeof hints.idempotentHint === 'boolean' ? { idempotent: hints.idempotentHint } : {}),
    ...(typeof hints.openWorldHint === 'boolean' ? { openWorld: hints.openWorldHint } : {}),
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
  };
}

/** A plain JSON copy of a schema from the wire (hostile input: no getters, no prototypes, no cycles). */
function plainCopy(schema: unknown): Record<string, unknown> | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  try {
    return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
