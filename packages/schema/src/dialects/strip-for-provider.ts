import { record, type WalkContext, withoutCommonDrops } from './common-drops.js';
import { isRecord, mapSubschemas, type SchemaNode } from './schema-node.js';

export interface StripOptions extends WalkContext {
  /** Rewrite `type: [a, b]` as `anyOf: [{ type: a }, { type: b }]` for consumers that want one type. */
  readonly singleTypes?: boolean;
}

/**
 * The schema for a dialect that takes full JSON Schema: everything kept except the keywords every
 * dialect removes (see `withoutCommonDrops`). Expects refs already resolved.
 */
export function stripForProvider(schema: SchemaNode, options: StripOptions): SchemaNode {
  const walk = (node: unknown, pointer: string): unknown => {
    if (!isRecord(node)) return node;
    let kept = withoutCommonDrops(node, pointer, options);
    if (options.singleTypes === true && Array.isArray(kept.type) && !('anyOf' in kept)) {
      kept = splitTypes(kept);
      record(options, pointer, 'type', 'rewritten', 'type array sent as anyOf of single types', false);
    }
    return mapSubschemas(kept, pointer, walk);
  };
  return walk(schema, '') as SchemaNode;
}

function splitTypes(node: SchemaNode): SchemaNode {
  const copy: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type' && Array.isArray(value)) copy.anyOf = value.map((type) => ({ type }));
    else copy[keyword] = value;
  }
  return copy;
}
