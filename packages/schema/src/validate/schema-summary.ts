import { joinWords, literal, literalList } from './describe-value.js';
import type { RefResolver } from './resolve-refs.js';
import { type SchemaNode, type SchemaObject, schemaList, schemaMap, typesOf } from './schema-node.js';

const TYPE_PHRASES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
  object: 'an object',
  array: 'an array',
};

/** `a string`, `an integer or null`. */
export function typePhrase(types: readonly string[]): string {
  return joinWords(types.map((type) => TYPE_PHRASES[type] ?? type));
}

/** The `const` properties that tell the alternatives of a union apart: `{ kind: 'edit' }`. */
export function discriminators(schema: SchemaNode, refs: RefResolver): [string, unknown][] {
  const target = deref(schema, refs, 0);
  if (typeof target === 'boolean') return [];
  const found: [string, unknown][] = [];
  for (const [key, property] of schemaMap(target, 'properties')) {
    const value = deref(property, refs, 0);
    if (typeof value === 'boolean') continue;
    const single = Array.isArray(value.enum) && value.enum.length === 1 ? value.enum[0] : value.const;
    if (single !== undefined && (single === null || typeof single !== 'object')) found.push([key, single]);
  }
  return found;
}

/** A short noun phrase for what `schema` accepts, used when a union matched none of its alternatives. */
export function schemaPhrase(schema: SchemaNode, refs: RefResolver, depth = 0): string {
  const target = deref(schema, refs, depth);
  if (target === true) return 'any value';
  if (target === false) return 'nothing';
  if (depth > 3) return 'a value matching the schema';
  if ('const' in target) return literal(target.const);
  if (Array.isArray(target.enum))
    return target.enum.length === 1 ? literal(target.enum[0]) : `one of ${literalList(target.enum)}`;
  const alternatives = schemaList(target, 'anyOf') ?? schemaList(target, 'oneOf');
  if (alternatives !== undefined)
    return joinWords(unique(alternatives.map((item) => schemaPhrase(item, refs, depth + 1))));
  const types = typesOf(target) ?? (target.properties !== undefined ? ['object'] : undefined);
  if (types === undefined) return 'a value matching the schema';
  if (types.length === 1 && types[0] === 'object') return objectPhrase(target, refs);
  return typePhrase(types);
}

function objectPhrase(schema: SchemaObject, refs: RefResolver): string {
  const tags = discriminators(schema, refs);
  if (tags.length > 0)
    return `an object with ${joinWords(
      tags.map(([key, value]) => `${key}: ${literal(value)}`),
      'and',
    )}`;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (required.length === 0) return 'an object';
  const names = required.slice(0, 4).map((name) => JSON.stringify(name));
  return `an object with ${joinWords(required.length > 4 ? [...names, '…'] : names, 'and')}`;
}

function deref(schema: SchemaNode, refs: RefResolver, depth: number): SchemaNode {
  let current = schema;
  for (let hops = depth; hops < 8 && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    current = refs.resolve(current.$ref);
  }
  return current;
}

export function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
