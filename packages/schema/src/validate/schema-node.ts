/** A JSON Schema as the compiler walks it: an object of keywords, or `true` / `false`. */
export type SchemaNode = boolean | { readonly [keyword: string]: unknown };

export type SchemaObject = { readonly [keyword: string]: unknown };

/** The JSON type names a schema's `type` keyword lists (an absent `type` gives `undefined`). */
export function typesOf(schema: SchemaObject): string[] | undefined {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((item) => typeof item === 'string')) return type as string[];
  return undefined;
}

/** Child schemas kept under `key` as an object of named schemas (`properties`, `patternProperties`). */
export function schemaMap(schema: SchemaObject, key: string): [string, SchemaNode][] {
  const value = schema[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, SchemaNode>);
}

/** Child schemas kept under `key` as an array (`anyOf`, `prefixItems`, tuple `items`). */
export function schemaList(schema: SchemaObject, key: string): SchemaNode[] | undefined {
  const value = schema[key];
  return Array.isArray(value) ? (value as SchemaNode[]) : undefined;
}

/** A schema that accepts everything: `true`, `{}`, or one that only carries annotations. */
export function acceptsAnything(schema: SchemaNode | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  return Object.keys(schema).every((key) => !VALIDATION_KEYWORDS.has(key));
}

/** Keywords this validator enforces. Anything else (annotations, `x-*` extensions) is ignored. */
export const VALIDATION_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$ref',
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'if',
  'then',
  'else',
]);

/** Keywords that change what is valid but that this validator does not implement: compiling throws. */
export const UNSUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$recursiveRef',
]);
