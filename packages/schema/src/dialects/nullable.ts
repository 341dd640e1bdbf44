import { isRecord, type SchemaNode, typesOf } from './schema-node.js';

/** True when `node` (refs resolved by `resolve`) accepts `null`. Unknown shapes count as accepting it. */
export function acceptsNull(node: unknown, resolve: (ref: string) => unknown = () => undefined, depth = 0): boolean {
  if (depth > 32) return false;
  if (node === true) return true;
  if (!isRecord(node)) return false;
  if (typeof node.$ref === 'string') return acceptsNull(resolve(node.$ref), resolve, depth + 1);
  if ('const' in node) return node.const === null;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if (node.nullable === true) return true;
  const types = typesOf(node);
  if (types.length > 0) return types.includes('null');
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) return branches.some((branch) => acceptsNull(branch, resolve, depth + 1));
  }
  return !Array.isArray(node.allOf) && node.not === undefined;
}

/**
 * `node` widened to also accept `null`, the way strict providers spell an optional property: a
 * `type` array when there is a type (with `null` added to any `enum`), else an `anyOf` with a null branch.
 * `description` and `title` stay outside a wrapping `anyOf`.
 */
export function withNull(node: SchemaNode): SchemaNode {
  const types = typesOf(node);
  if (types.length > 0 && !('const' in node)) {
    const copy: SchemaNode = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === 'type') copy.type = [...types, 'null'];
      else if (keyword === 'enum' && Array.isArray(value)) copy.enum = [...value, null];
      else copy[keyword] = value;
    }
    return copy;
  }
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  const { description, title, ...rest } = node;
  return {
    anyOf: [rest, { type: 'null' }],
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
  };
}
