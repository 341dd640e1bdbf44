import type { SchemaNode } from './schema-node.js';

/**
 * Finds what a `$ref` points to inside one root schema: `#`, a JSON pointer (`#/$defs/node`), or an `$id`
 * declared anywhere in the schema (how TypeBox's `Type.Ref` and `Type.Recursive` refer to a type).
 */
export class RefResolver {
  readonly #root: SchemaNode;
  readonly #ids = new Map<string, SchemaNode>();

  constructor(root: SchemaNode) {
    this.#root = root;
    this.#collect(root, new Set());
  }

  resolve(ref: string): SchemaNode {
    const byId = this.#ids.get(ref) ?? this.#ids.get(ref.replace(/#$/, ''));
    if (byId !== undefined) return byId;
    if (ref === '#' || ref === '') return this.#root;
    if (ref.startsWith('#/')) {
      let node: unknown = this.#root;
      for (const raw of ref.slice(2).split('/')) {
        const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
      }
      if (typeof node === 'boolean' || (typeof node === 'object' && node !== null && !Array.isArray(node))) {
        return node as SchemaNode;
      }
    }
    throw new Error(`cannot resolve $ref ${JSON.stringify(ref)}: refer to '#/$defs/name' or an $id in the same schema`);
  }

  #collect(node: unknown, seen: Set<unknown>): void {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) this.#collect(item, seen);
      return;
    }
    const schema = node as Record<string, unknown>;
    if (typeof schema.$id === 'string' && !this.#ids.has(schema.$id)) this.#ids.set(schema.$id, schema);
    for (const [key, value] of Object.entries(schema)) {
      // `const`, `enum` and `default` hold data, not schemas.
      if (key !== 'const' && key !== 'enum' && key !== 'default' && key !== 'examples') this.#collect(value, seen);
    }
  }
}
