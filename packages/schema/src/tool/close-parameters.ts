import type { TSchema } from '@sinclair/typebox';

/** How deep a tool's schema may nest; deeper is a definition error, not a stack overflow. */
const MAX_SCHEMA_DEPTH = 128;

// Keywords whose value is a schema for the whole of another value (a property, an item, a map value):
// an object there is closed. `anyOf` / `oneOf` alternatives are wholes too, unless the object around
// them lists keys of its own (then the alternatives only add constraints to that object).
const WHOLE_SCHEMA = ['items', 'additionalItems', 'additionalProperties', 'contains'] as const;
const WHOLE_SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const WHOLE_SCHEMA_LISTS = ['items', 'prefixItems'] as const;
// Keywords whose schemas apply to the same value as the object around them: closing one would refuse
// the keys the others name, so they are left as written (and so is an object that has them).
const SAME_VALUE_SCHEMA = ['not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties'] as const;
const SAME_VALUE_LISTS = ['allOf'] as const;
const SAME_VALUE_MAPS = ['dependentSchemas', 'dependencies'] as const;
const COMBINED = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'dependentSchemas', 'dependencies', '$ref'];

/**
 * A deep, frozen copy of a tool's parameters in which every object schema that lists its keys
 * (`properties`, as `Type.Object` makes) and says nothing about other keys takes no others
 * (`additionalProperties: false`): parameters are closed by default, so a misspelt or invented key is an
 * issue instead of passing silently. An object schema with no `properties` at all is a free-form object
 * and stays so. An object stays open where its schema says so
 * (`additionalProperties: true` or a schema, `patternProperties`, `unevaluatedProperties`) and where it is
 * one part of a combination on the same value (`allOf`, `if`/`then`/`else`, `dependentSchemas`, or an
 * object with `$ref` or alternatives beside its own keys), since each part alone does not list them all.
 * Symbol keys (TypeBox's `Kind`) are kept. Throws a plain `Error` for a schema nested too deep.
 */
export function closeParameters<T extends TSchema>(schema: T): T {
  return copySchema(schema, true, 0) as T;
}

/** A deep, frozen copy of any schema (a tool's `result`), closing nothing. */
export function frozenSchema<T extends TSchema>(schema: T): T {
  return copySchema(schema, false, 0, false) as T;
}

function copySchema(node: unknown, whole: boolean, depth: number, closing = true): unknown {
  if (depth > MAX_SCHEMA_DEPTH) throw new Error(`the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep`);
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return Object.freeze(node.map((item) => copyData(item, depth + 1)));
  const schema = node as Record<string | symbol, unknown>;
  const copy: Record<string | symbol, unknown> = {};
  const listsKeys = schema.properties !== undefined || schema.patternProperties !== undefined;
  const next = (child: unknown, childWhole: boolean) => copySchema(child, closing && childWhole, depth + 1, closing);
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (isOneOf(WHOLE_SCHEMA_MAPS, key) || isOneOf(SAME_VALUE_MAPS, key)) {
      const wholeValues = isOneOf(WHOLE_SCHEMA_MAPS, key);
      put(
        copy,
        key,
        mapOf(value, (child) => (Array.isArray(child) ? copyData(child, depth + 1) : next(child, wholeValues))),
      );
    } else if ((isOneOf(WHOLE_SCHEMA_LISTS, key) || isOneOf(SAME_VALUE_LISTS, key)) && Array.isArray(value)) {
      const wholeItems = isOneOf(WHOLE_SCHEMA_LISTS, key);
      put(copy, key, Object.freeze(value.map((child) => next(child, wholeItems))));
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      put(copy, key, Object.freeze(value.map((child) => next(child, !listsKeys))));
    } else if (isOneOf(WHOLE_SCHEMA, key) || isOneOf(SAME_VALUE_SCHEMA, key)) {
      put(copy, key, next(value, isOneOf(WHOLE_SCHEMA, key)));
    } else {
      put(copy, key, copyData(value, depth + 1));
    }
  }
  for (const symbol of Object.getOwnPropertySymbols(schema)) copy[symbol] = schema[symbol];
  if (whole && closing && saysNothingAboutOtherKeys(schema)) copy.additionalProperties = false;
  return Object.freeze(copy);
}

function saysNothingAboutOtherKeys(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  const object = type === 'object' || (Array.isArray(type) && type.includes('object'));
  // An object schema without `properties` lists no keys at all: a free-form object, as written.
  if (!object || typeof schema.properties !== 'object' || schema.properties === null) return false;
  if (schema.additionalProperties !== undefined || schema.patternProperties !== undefined) return false;
  if (schema.unevaluatedProperties !== undefined) return false;
  return !COMBINED.some((keyword) => schema[keyword] !== undefined);
}

function mapOf(value: unknown, each: (child: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) put(copy, key, each(child));
  return Object.freeze(copy);
}

/** Data inside a schema (`enum`, `const`, `default`, `examples`): copied and frozen as it is. */
function copyData(value: unknown, depth: number): unknown {
  if (depth > MAX_SCHEMA_DEPTH) throw new Error(`the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep`);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => copyData(item, depth + 1)));
  const copy: Record<string | symbol, unknown> = {};
  for (const [key, child] of Object.entries(value)) put(copy, key, copyData(child, depth + 1));
  for (const symbol of Object.getOwnPropertySymbols(value)) copy[symbol] = (value as Record<symbol, unknown>)[symbol];
  return Object.freeze(copy);
}

// A data property even for the key `__proto__` (a property may be called so), never a prototype change.
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isOneOf<const T extends readonly string[]>(list: T, key: string): key is T[number] {
  return (list as readonly string[]).includes(key);
}
