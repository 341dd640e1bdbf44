import type { TSchema } from '@sinclair/typebox';

/** Keywords whose value is data (an instance), not a schema: copied verbatim, never rewritten. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'example']);

/**
 * A plain JSON copy of a TypeBox schema: symbol keys (TypeBox's `Kind`, `Optional`, `Hint`) and
 * `undefined` values are gone, string keys keep the order they were authored in. The one rewrite is
 * TypeBox's draft-07 tuple form (`items: [...]`, `additionalItems`), which becomes draft 2020-12
 * `prefixItems` / `items`, so the copy is valid 2020-12; and `Type.Recursive`'s made-up ids are
 * renumbered (see `AUTO_ID`) so the output does not depend on what the process built before.
 * Throws `TypeError` on a cyclic object graph.
 */
export function toJsonSchema(schema: TSchema): Record<string, unknown> {
  const copy = copySchema(schema, new Set());
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) {
    throw new TypeError(`expected a schema object, got ${Array.isArray(copy) ? 'an array' : typeof copy}`);
  }
  const autoIds = new Map<string, string>();
  visitSchemaObjects(copy, (node) => {
    if (typeof node.$id === 'string' && AUTO_ID.test(node.$id) && !autoIds.has(node.$id)) {
      autoIds.set(node.$id, `T${autoIds.size}`);
    }
  });
  if (autoIds.size > 0) {
    visitSchemaObjects(copy, (node) => {
      for (const keyword of ['$id', '$ref'] as const) {
        const renamed = typeof node[keyword] === 'string' ? autoIds.get(node[keyword]) : undefined;
        if (renamed !== undefined) node[keyword] = renamed;
      }
    });
  }
  return copy as Record<string, unknown>;
}

/**
 * The ids `Type.Recursive` makes up (`T0`, `T1`, ...) come from a counter shared by the whole process,
 * so they depend on what else was built first. The copy renumbers them in order of appearance.
 */
const AUTO_ID = /^T\d+$/;

function visitSchemaObjects(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visitSchemaObjects(item, visit);
    return;
  }
  if (!isRecord(value)) return;
  visit(value);
  for (const [key, child] of Object.entries(value)) {
    if (!DATA_KEYWORDS.has(key)) visitSchemaObjects(child, visit);
  }
}

function copySchema(value: unknown, ancestors: Set<object>): unknown {
  if (Array.isArray(value)) return value.map((item) => copySchema(item, ancestors));
  if (!isRecord(value)) return value;
  enter(value, ancestors);
  const tuple = Array.isArray(value.items);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
    const name = tuple && key === 'items' ? 'prefixItems' : tuple && key === 'additionalItems' ? 'items' : key;
    copy[name] = DATA_KEYWORDS.has(key) ? copyData(child, ancestors) : copySchema(child, ancestors);
  }
  ancestors.delete(value);
  return copy;
}

function copyData(value: unknown, ancestors: Set<object>): unknown {
  if (Array.isArray(value)) return value.map((item) => copyData(item, ancestors));
  if (!isRecord(value)) return value;
  enter(value, ancestors);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child !== undefined && typeof child !== 'function' && typeof child !== 'symbol') {
      copy[key] = copyData(child, ancestors);
    }
  }
  ancestors.delete(value);
  return copy;
}

function enter(value: object, ancestors: Set<object>): void {
  if (ancestors.has(value)) {
    throw new TypeError('the schema refers to itself as an object; build recursive shapes with Type.Recursive');
  }
  ancestors.add(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
