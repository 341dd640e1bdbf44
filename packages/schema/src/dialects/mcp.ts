import type { AnyToolDefinition } from '../tool/define-tool.js';
import { record } from './common-drops.js';
import { copyArguments } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog } from './loss-report.js';
import { resolvedSchema } from './resolved-schema.js';
import { isRecord, mapSubschemas, type SchemaNode } from './schema-node.js';
import { stripForProvider } from './strip-for-provider.js';

/**
 * MCP `tools/list` entry, the max-compat variant: `{ name, description, inputSchema, outputSchema?,
 * annotations? }`. Refs inlined unless recursive (then `#/$defs/...`), one type per schema (type arrays
 * become `anyOf`), no `$schema`. `outputSchema` comes from the tool's `result`; a result whose root is
 * not an object is wrapped as `{ result: ... }`, and `encodeResult` wraps the data to match, as
 * `structuredContent` must validate against `outputSchema`.
 */
export const buildMcp: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  const inputSchema = stripForProvider(resolved, { log, singleTypes: true });
  let outputSchema: SchemaNode | undefined;
  let wrapped = false;
  if (tool.result !== undefined) {
    const context = { log, schema: 'result' as const };
    const result = stripForProvider(resolvedSchema(tool.name, tool.result, 'hoist', log, context), {
      ...context,
      singleTypes: true,
    });
    wrapped = result.type !== 'object';
    if (wrapped) {
      const { $defs, ...inner } = result;
      outputSchema = {
        type: 'object',
        properties: { result: pointRootRefs(inner, '#/properties/result') },
        required: ['result'],
        ...($defs === undefined ? {} : { $defs }),
      };
      const detail =
        'the result is not an object, so outputSchema wraps it as { result: ... } and so must structuredContent';
      record(context, '', 'type', 'rewritten', detail, false);
    } else {
      outputSchema = result;
    }
  }
  const annotations = mcpAnnotations(tool);
  return {
    declaration: {
      name: providerName,
      description: tool.description,
      inputSchema,
      ...(outputSchema === undefined ? {} : { outputSchema }),
      ...(annotations === undefined ? {} : { annotations }),
    },
    log,
    hasStrictMode: false,
    strictProblems: [],
    decode: copyArguments,
    encodeResult: wrapped ? (data) => ({ result: data }) : (data) => data,
  };
};

/** The MCP hints `meta` declares; `destructiveHint` and `idempotentHint` only for tools that are not read-only. */
function mcpAnnotations(tool: AnyToolDefinition): Record<string, boolean> | undefined {
  const { meta } = tool;
  const readOnly = meta.readOnly ?? (meta.category === undefined ? undefined : meta.category === 'exploration');
  const annotations: Record<string, boolean> = {};
  if (readOnly !== undefined) annotations.readOnlyHint = readOnly;
  if (readOnly !== true && meta.destructive !== undefined) annotations.destructiveHint = meta.destructive;
  if (readOnly !== true && meta.idempotent !== undefined) annotations.idempotentHint = meta.idempotent;
  if (meta.openWorld !== undefined) annotations.openWorldHint = meta.openWorld;
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

/** `schema` with every `$ref: '#'` (a recursive root) pointed at `target`, for a root that moved. */
function pointRootRefs(schema: SchemaNode, target: string): SchemaNode {
  const walk = (node: unknown, pointer: string): unknown => {
    if (!isRecord(node)) return node;
    const copy = mapSubschemas(node, pointer, walk);
    if (copy.$ref === '#') copy.$ref = target;
    return copy;
  };
  return walk(schema, '') as SchemaNode;
}
