import type { TSchema } from '@sinclair/typebox';
import { toJsonSchema } from '../export/to-json-schema.js';
import { createSilentLog, type LossLog } from './loss-report.js';
import { type RecursionMode, resolveRefs } from './resolve-refs.js';
import type { SchemaNode } from './schema-node.js';

/** `schema` as plain JSON with its refs in canonical form: the starting point of every dialect. */
export function resolvedSchema(
  tool: string,
  schema: TSchema,
  recursion: RecursionMode,
  log: LossLog = createSilentLog(),
  extra: { readonly cutAdvice?: string; readonly schema?: 'result' } = {},
): SchemaNode {
  return resolveRefs(toJsonSchema(schema), { tool, recursion, log, ...extra });
}
