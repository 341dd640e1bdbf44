import {
  type AnyToolDefinition,
  compileValidator,
  defineTool,
  type TObject,
  type ToolMeta,
  type TSchema,
  toolNameProblem,
} from '@wesgine/schema';

/** A tool of a plugin's `tools/list` answer, as the cell takes it. */
export interface PluginToolEntry {
  readonly definition: AnyToolDefinition;
}

/** What a `tools/list` answer gives: the tools the cell can take, and the ones left out with why. */
export interface PluginToolList {
  readonly tools: readonly PluginToolEntry[];
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
}

/** TypeBox's kind marker (`Kind` of @sinclair/typebox, a registered symbol): what defineTool reads. */
const KIND = Symbol.for('TypeBox.Kind');

/** Most tools one plugin may offer; more is a broken plugin, not a toolbox. */
const MAX_TOOLS = 1000;

/**
 * Reads a plugin's `tools/list` result: `{ tools: [{ name, description, inputSchema, outputSchema?,
 * annotations? }] }` (MCP's shape). A tool whose schema the validator cannot take, whose name is not a
 * tool name, or that repeats a name is left out with the reason; the answer as a whole is refused
 * (throws) only when it is not that shape at all.
 */
export function readToolList(result: unknown, plugin: string, timeoutMs: number | undefined): PluginToolList {
  const list = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(list)) throw new Error('answered tools/list without a "tools" array');
  if (list.length > MAX_TOOLS) throw new Error(`offered ${list.length} tools in tools/list; the limit is ${MAX_TOOLS}`);
  const tools: PluginToolEntry[] = [];
  const skipped: { tool: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const [index, item] of list.entries()) {
    const name = (item as { name?: unknown } | null)?.name;
    const label = typeof name === 'string' ? name : `#${index}`;
    if (typeof name === 'string' && seen.has(name)) {
      skipped.push({ tool: label, reason: 'the name is offered twice; the first one is kept' });
      continue;
    }
    try {
      tools.push({ definition: pluginDefinition(item, plugin, timeoutMs) });
      seen.add(name as string);
    } catch (error) {
      skipped.push({ tool: label, reason: (error as Error).message });
    }
  }
  return { tools, skipped };
}

function pluginDefinition(item: unknown, plugin: string, timeoutMs: number | undefined): AnyToolDefinition {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new Error('the entry is not an object');
  const { name, description, inputSchema, outputSchema, annotations } = item as Record<string, unknown>;
  const nameProblem = toolNameProblem(name);
  if (nameProblem !== undefined) throw new Error(nameProblem);
  if (description !== undefined && typeof description !== 'string') throw new Error('the description is not a string');
  if (!isObject(inputSchema) || inputSchema.type !== 'object') {
    throw new Error('its inputSchema is not a JSON Schema of type "object"');
  }
  if (outputSchema !== undefined && !isObject(outputSchema)) throw new Error('its outputSchema is not a JSON Schema');
  const definition = defineTool({
    name: name as string,
    description:
      typeof description === 'string' && description.trim() !== ''
        ? description
        : `The tool ${String(name)} of the plugin ${plugin}.`,
    parameters: { ...inputSchema, [KIND]: 'Object' } as unknown as TObject,
    ...(outputSchema === undefined ? {} : { result: { ...outputSchema, [KIND]: 'Unsafe' } as unknown as TSchema }),
    meta: metaOf(annotations, timeoutMs),
  });
  // What registration would refuse later (a keyword the validator does not support, a $ref that does not
  // resolve) is found now, so the tool is left out with its reason; the validator is cached per schema.
  try {
    compileValidator(definition.parameters);
    if (definition.result !== undefined) compileValidator(definition.result);
  } catch (error) {
    const reason = error instanceof RangeError ? 'the schema nests too deeply' : (error as Error).message;
    throw new Error(`the validator cannot take its schema: ${reason}`);
  }
  return definition;
}

/** MCP's annotations as ToolMeta: hints only; `readOnlyHint` feeds the category, never a permission. */
function metaOf(annotations: unknown, timeoutMs: number | undefined): ToolMeta {
  const hints = isObject(annotations) ? annotations : {};
  const readOnly = hints.readOnlyHint === true;
  return {
    ...(readOnly ? { readOnly } : {}),
    ...(!readOnly && hints.destructiveHint === true ? { destructive: true } : {}),
    ...(hints.idempotentHint === true ? { idempotent: true } : {}),
    ...(hints.openWorldHint === true ? { openWorld: true } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
