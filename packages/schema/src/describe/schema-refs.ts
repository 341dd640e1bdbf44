import { valueAtPointer } from '../dialects/json-pointer.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from '../dialects/schema-keywords.js';

export type Schema = Readonly<Record<string, unknown>>;

/** How many `$ref` hops are followed before a reference is left as it is. */
const REF_HOPS = 8;

/** Looks up a `$ref` inside one schema: by `$id` (TypeBox's `T0`, a module's names), by pointer, or `#`. */
export type RefLookup = (ref: string) => Schema | undefined;

/**
 * A lookup for the references inside `root`. The index of `$id`s is built on the first lookup, walking
 * with a list rather than the call stack: a source's schema may nest a hundred thousand levels.
 */
export function refLookup(root: Schema): RefLookup {
  let ids: Map<string, Schema> | undefined;
  return (ref) => {
    if (ref === '#') return root;
    if (ref.startsWith('#/')) return asSchema(valueAtPointer(root, ref.slice(1)));
    ids ??= indexIds(root);
    return ids.get(ref);
  };
}

/** `schema` with its `$ref`s followed (a few hops at most); the schema itself when a ref does not resolve. */
export function followRefs(schema: Schema, lookup: RefLookup): Schema {
  let current = schema;
  for (let hop = 0; hop < REF_HOPS && typeof current.$ref === 'string'; hop++) {
    const target = lookup(current.$ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

export function asSchema(value: unknown): Schema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function indexIds(root: Schema): Map<string, Schema> {
  const ids = new Map<string, Schema>();
  const seen = new Set<Schema>();
  const pending: Schema[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$id === 'string' && !ids.has(node.$id)) ids.set(node.$id, node);
    for (const key of SINGLE_SCHEMA_KEYWORDS) pushSchema(pending, node[key]);
    for (const key of SCHEMA_ARRAY_KEYWORDS) {
      const list = node[key];
      if (Array.isArray(list)) for (const child of list) pushSchema(pending, child);
    }
    // draft-07 tuples (`items: [...]`), as TypeBox writes them
    if (Array.isArray(node.items)) for (const child of node.items) pushSchema(pending, child);
    for (const key of SCHEMA_MAP_KEYWORDS) {
      const map = asSchema(node[key]);
      if (map !== undefined) for (const child of Object.values(map)) pushSchema(pending, child);
    }
  }
  return ids;
}

function pushSchema(pending: Schema[], value: unknown): void {
  const schema = asSchema(value);
  if (schema !== undefined) pending.push(schema);
}
