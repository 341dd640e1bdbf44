import { FormatRegistry, Kind } from '@sinclair/typebox';
import { TypeSystemPolicy } from '@sinclair/typebox/system';
import { VALIDATION_KEYWORDS } from './schema-node.js';

// TypeBox's compiler checks by `[Kind]`, not by JSON Schema keywords, and counts string length in UTF-16
// units. Where those differ from JSON Schema, its `Check` gives other answers than ours (our generated check
// is used for every schema; the differential test compares TypeBox's only where this says it is exact).
// This lists, per kind, the keywords it honours.
const HONOURED: Readonly<Record<string, readonly string[]>> = {
  Any: [],
  Unknown: [],
  String: ['type', 'pattern', 'format'],
  Number: ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  Integer: ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  Boolean: ['type'],
  Null: ['type'],
  Literal: ['type', 'const'],
  Object: ['type', 'properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'],
  Array: ['type', 'items', 'minItems', 'maxItems', 'uniqueItems'],
  Tuple: ['type', 'items', 'additionalItems', 'minItems', 'maxItems'],
  Record: ['type', 'patternProperties', 'additionalProperties', 'minProperties', 'maxProperties'],
  Union: ['anyOf'],
  Intersect: ['allOf'],
  Not: ['not'],
  Never: ['not'],
  TemplateLiteral: ['type', 'pattern'],
  Ref: ['$ref'],
  This: ['$ref'],
};

/**
 * True when TypeBox's `TypeCompiler` gives exactly the JSON Schema answer for `schema`: every node is a
 * kind it knows, carries only keywords it honours for that kind, and no string has a length limit
 * (JSON Schema counts code points), and every format is registered (TypeBox rejects all values of an
 * unknown format; we treat it as an annotation). The type-system policies must be TypeBox's defaults.
 */
export function isTypeBoxFaithful(schema: unknown): boolean {
  if (
    TypeSystemPolicy.ExactOptionalPropertyTypes ||
    TypeSystemPolicy.AllowArrayObject ||
    TypeSystemPolicy.AllowNaN ||
    TypeSystemPolicy.AllowNullVoid
  ) {
    return false;
  }
  return faithful(schema, new Set());
}

function faithful(node: unknown, seen: Set<unknown>): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (seen.has(node)) return true;
  seen.add(node);
  const schema = node as Record<string | symbol, unknown>;
  const kind = schema[Kind];
  const honoured = typeof kind === 'string' ? HONOURED[kind] : undefined;
  if (honoured === undefined) return false;
  for (const keyword of Object.keys(schema)) {
    if (VALIDATION_KEYWORDS.has(keyword) && !honoured.includes(keyword)) return false;
    if (keyword === '$defs' || keyword === 'definitions') return false;
  }
  if (kind === 'Record' && Object.keys(schema.patternProperties ?? {}).length !== 1) return false;
  if (typeof schema.format === 'string' && !FormatRegistry.Has(schema.format)) return false;
  // TypeBox tests multipleOf by float remainder, which refuses 0.3 for 0.01; ours is decimal-exact.
  if (typeof schema.multipleOf === 'number' && !Number.isSafeInteger(schema.multipleOf)) return false;
  if (kind === 'Object' && Object.keys(schema.properties ?? {}).some((key) => key in Object.prototype)) return false;
  for (const child of children(schema)) if (!faithful(child, seen)) return false;
  return true;
}

function children(schema: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  for (const key of ['properties', 'patternProperties']) {
    const value = schema[key];
    if (typeof value === 'object' && value !== null) found.push(...Object.values(value));
  }
  for (const key of ['items', 'anyOf', 'allOf']) {
    const value = schema[key];
    if (Array.isArray(value)) found.push(...value);
    else if (value !== undefined) found.push(value);
  }
  for (const key of ['additionalProperties', 'additionalItems', 'not']) {
    const value = schema[key];
    if (typeof value === 'object' && value !== null) found.push(value);
  }
  return found;
}
