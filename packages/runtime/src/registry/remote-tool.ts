import {
  type AnyToolDefinition,
  compileValidator,
  defineTool,
  type PathAccess,
  type TObject,
  type ToolMeta,
  type TSchema,
  toolNameProblem,
} from '@wesgine/schema';
import { markPaths } from './mark-paths.js';

/** TypeBox's kind marker (`Kind` of @sinclair/typebox, a registered symbol): what defineTool reads. */
const KIND = Symbol.for('TypeBox.Kind');

/** How a source takes the tools another process lists. */
export interface RemoteToolOptions {
  /** Who offers the tool, as a description's fallback names it: `the MCP server fs`, `the plugin fs`. */
  readonly origin: string;
  /** Put before the listed name to make the cell's name. */
  readonly prefix?: string;
  /** The tool's time limit (`meta.timeoutMs`). */
  readonly timeoutMs?: number;
  /** Which arguments are paths (JSON pointers into the inputSchema), so governance judges them. */
  readonly paths?: Readonly<Record<string, PathAccess>>;
}

/** A listed tool as a definition of the cell, or why it is left out. */
export type RemoteToolDefinition =
  | { readonly ok: true; readonly definition: AnyToolDefinition; readonly hasPaths: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * One entry of a `tools/list` answer in MCP's shape (`name`, `description`, `inputSchema`, `outputSchema`,
 * `annotations`), from an MCP server or a plugin, as a definition of the cell: its name with the prefix,
 * its `inputSchema` as the parameters (the `paths` marked), its `outputSchema` as the result, its
 * annotations as meta (`readOnlyHint` only becomes `meta.readOnly`, the category's input, never a
 * permission). The entry is hostile input: anything the cell cannot call safely is left out with the reason.
 */
export function remoteToolDefinition(entry: unknown, options: RemoteToolOptions): RemoteToolDefinition {
  if (!isObject(entry)) return { ok: false, reason: 'the entry is not an object' };
  const listed = entry.name;
  const nameProblem = toolNameProblem(typeof listed === 'string' ? `${options.prefix ?? ''}${listed}` : listed);
  if (nameProblem !== undefined) return { ok: false, reason: `its name cannot be a tool's here: ${nameProblem}` };
  const name = `${options.prefix ?? ''}${listed as string}`;
  if (entry.description !== undefined && typeof entry.description !== 'string') {
    return { ok: false, reason: 'the description is not a string' };
  }
  if (isObject(entry.execution) && entry.execution.taskSupport === 'required') {
    return { ok: false, reason: 'it runs only as an MCP task, which this client does not start' };
  }
  const input = plainCopy(entry.inputSchema);
  if (input === undefined || input.type !== 'object') {
    return { ok: false, reason: 'its inputSchema is not a JSON Schema of type "object"' };
  }
  const output = entry.outputSchema === undefined ? undefined : plainCopy(entry.outputSchema);
  if (entry.outputSchema !== undefined && output === undefined) {
    return { ok: false, reason: 'its outputSchema is not a JSON Schema' };
  }
  if (options.paths !== undefined) {
    const problem = markPaths(input, options.paths);
    if (problem !== undefined) return { ok: false, reason: `the paths config cannot apply: ${problem}` };
  }
  try {
    const definition = defineTool({
      name,
      description: description(entry, listed as string, options.origin),
      parameters: { ...input, [KIND]: 'Object' } as unknown as TObject,
      ...(output === undefined ? {} : { result: { ...output, [KIND]: 'Unsafe' } as unknown as TSchema }),
      meta: metaOf(entry.annotations, options.timeoutMs),
    });
    // What registration would refuse later (a keyword the validator does not support, a $ref that does
    // not resolve) is found now, so the tool is left out with its reason; the validator is cached per schema.
    compileValidator(definition.parameters);
    if (definition.result !== undefined) compileValidator(definition.result);
    return { ok: true, definition, hasPaths: options.paths !== undefined };
  } catch (error) {
    const reason = error instanceof RangeError ? 'the schema nests too deeply' : (error as Error).message;
    return { ok: false, reason: `the validator cannot take its schema: ${reason}` };
  }
}

function description(entry: Record<string, unknown>, name: string, origin: string): string {
  const annotations = isObject(entry.annotations) ? entry.annotations : {};
  for (const text of [entry.description, entry.title, annotations.title]) {
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return `The tool ${name} of ${origin}.`;
}

/** MCP's annotations as ToolMeta: hints only; a read-only tool destroys nothing, so its destructive hint goes. */
function metaOf(annotations: unknown, timeoutMs: number | undefined): ToolMeta {
  const hints = isObject(annotations) ? annotations : {};
  const readOnly = hints.readOnlyHint === true;
  return {
    ...(readOnly ? { readOnly: true } : {}),
    ...(!readOnly && typeof hints.destructiveHint === 'boolean' ? { destructive: hints.destructiveHint } : {}),
    ...(typeof hints.idempotentHint === 'boolean' ? { idempotent: hints.idempotentHint } : {}),
    ...(typeof hints.openWorldHint === 'boolean' ? { openWorld: hints.openWorldHint } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}

/**
 * A tool's meta as MCP's annotations, what this cell's MCP server and a pack served as a plugin list
 * (the other way round from how a listed tool's annotations become meta): `readOnlyHint` as `readOnly`
 * says (left out when undefined), `destructiveHint` and `idempotentHint` only for a tool that is not
 * read-only, `openWorldHint` when meta says.
 */
export function toolAnnotations(meta: ToolMeta, readOnly: boolean | undefined): Record<string, boolean> {
  const annotations: Record<string, boolean> = {};
  if (readOnly !== undefined) annotations.readOnlyHint = readOnly;
  if (readOnly !== true && meta.destructive !== undefined) annotations.destructiveHint = meta.destructive;
  if (readOnly !== true && meta.idempotent !== undefined) annotations.idempotentHint = meta.idempotent;
  if (meta.openWorld !== undefined) annotations.openWorldHint = meta.openWorld;
  return annotations;
}

/** A plain JSON copy of a schema from the wire (no getters, no prototypes, no cycles), or undefined. */
function plainCopy(schema: unknown): Record<string, unknown> | undefined {
  if (!isObject(schema)) return undefined;
  try {
    return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
