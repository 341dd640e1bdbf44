import type { TSchema } from '@wesgine/schema';

const KIND = Symbol.for('TypeBox.Kind');

/** TypeBox kinds whose `Static` type json-schema-to-typescript cannot infer from the JSON alone. */
const TS_TYPES: Readonly<Record<string, string>> = { Any: 'any', Never: 'never', Undefined: 'undefined', Void: 'void' };

/** Keywords whose value is data, copied as is. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples']);

/** Keywords whose value maps names to schemas: the names are data, the values schemas. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/**
 * A TypeBox schema as json-schema-to-typescript should read it to print exactly TypeBox's `Static` type:
 * symbols removed (a `tsType` added where the kind says more than the JSON), `title`s removed so no
 * nested type gets a name of its own (names would clash across tools), and `Type.Recursive`/`$id`
 * targets moved into `definitions` under `<owner><n>`, referenced as `#/definitions/...`.
 */
export function typeboxToJstt(schema: TSchema, owner: string, definitions: Record<string, unknown>): unknown {
  const ids = new Map<string, string>();
  collectReferencedIds(schema, new Set(), ids, owner);
  const lifted = new Set<string>();
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string | symbol, unknown>;
    const copy: Record<string, unknown> = {};
    const kind = record[KIND];
    if (typeof kind === 'string' && TS_TYPES[kind] !== undefined) copy.tsType = TS_TYPES[kind];
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value === undefined || key === 'title' || key === '$id' || key === '$schema') continue;
      if (key === '$ref' && typeof value === 'string' && ids.has(value)) {
        copy.$ref = `#/definitions/${ids.get(value)}`;
      } else if (MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null) {
        copy[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(child)]));
      } else {
        copy[key] = DATA_KEYWORDS.has(key) ? value : convert(value);
      }
    }
    const id = record.$id;
    const name = typeof id === 'string' ? ids.get(id) : undefined;
    if (name === undefined) return copy;
    if (!lifted.has(name)) {
      lifted.add(name);
      definitions[name] = copy;
    }
    return { $ref: `#/definitions/${name}` };
  };
  return convert(schema);
}

function collectReferencedIds(node: unknown, seen: Set<unknown>, ids: Map<string, string>, owner: string): void {
  const refs = new Set<string>();
  const idsFound: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.$ref === 'string') refs.add(record.$ref);
    if (typeof record.$id === 'string') idsFound.push(record.$id);
    for (const key of Object.keys(record)) if (!DATA_KEYWORDS.has(key)) walk(record[key]);
  };
  walk(node);
  for (const id of idsFound) if (refs.has(id) && !ids.has(id)) ids.set(id, `${owner}Node${ids.size}`);
}
