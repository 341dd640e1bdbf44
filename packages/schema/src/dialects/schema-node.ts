import { childPointer } from './json-pointer.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from './schema-keywords.js';

/** A schema object as plain JSON. */
export type SchemaNode = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SINGLE: ReadonlySet<string> = new Set(SINGLE_SCHEMA_KEYWORDS);
const ARRAY: ReadonlySet<string> = new Set(SCHEMA_ARRAY_KEYWORDS);
const MAP: ReadonlySet<string> = new Set(SCHEMA_MAP_KEYWORDS);

/**
 * A shallow copy of `node` in which every subschema (under `properties`, `items`, `anyOf`, ...) is
 * replaced by `visit(child, pointer)`. Key order is kept; data keywords (`enum`, `const`, `default`)
 * are copied as they are.
 */
export function mapSubschemas(
  node: SchemaNode,
  pointer: string,
  visit: (child: unknown, pointer: string) => unknown,
): SchemaNode {
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    const at = childPointer(pointer, key);
    if (SINGLE.has(key) && (isRecord(value) || typeof value === 'boolean')) {
      copy[key] = visit(value, at);
    } else if (ARRAY.has(key) && Array.isArray(value)) {
      copy[key] = value.map((child, index) => visit(child, childPointer(at, index)));
    } else if (MAP.has(key) && isRecord(value)) {
      const map: SchemaNode = {};
      for (const [name, child] of Object.entries(value)) map[name] = visit(child, childPointer(at, name));
      copy[key] = map;
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

/** Calls `visit` for every subschema of `node`, one level down. */
export function forEachSubschema(node: SchemaNode, pointer: string, visit: (child: unknown, pointer: string) => void) {
  mapSubschemas(node, pointer, (child, at) => {
    visit(child, at);
    return child;
  });
}

/** The JSON types `node` names in `type` (a string or an array), in order. */
export function typesOf(node: SchemaNode): string[] {
  const type = node.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}

/** True when `node` describes objects: `type` says so, or it has `properties`. */
export function isObjectNode(node: SchemaNode): boolean {
  return typesOf(node).includes('object') || isRecord(node.properties);
}

/** A deep copy of plain JSON data; other values are returned as they are. Never throws on cycles. */
export function cloneJson(value: unknown, ancestors: Set<object> = new Set()): unknown {
  if (typeof value !== 'object' || value === null || ancestors.has(value)) return value;
  ancestors.add(value);
  let copy: unknown = value;
  if (Array.isArray(value)) {
    copy = value.map((item) => cloneJson(item, ancestors));
  } else if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    const record: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) record[key] = cloneJson(item, ancestors);
    copy = record;
  }
  ancestors.delete(value);
  return copy;
}
