import { childPointer, showPointer } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import { forEachSubschema, isObjectNode, isRecord, type SchemaNode, typesOf } from './schema-node.js';

const UNSUPPORTED = [
  'not',
  'if',
  'then',
  'else',
  'prefixItems',
  'contains',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  '$dynamicRef',
  '$recursiveRef',
];
// Anthropic's documented per-request limits for strict tools ("JSON Schema limitations",
// https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations):
// 24 optional parameters and 16 parameters using union types across all strict tools. Anthropic documents
// no enum-size or total-size limit; a request whose grammar is too large is refused by the API.
const MAX_OPTIONAL = 24;
const MAX_UNIONS = 16;
const FREE_FORM_ADVICE = 'list the keys with Type.Object, or take an array of { key, value } objects';

/**
 * Why Anthropic's strict mode (`strict: true`) could not take `schema` (refs resolved and hoisted, so a
 * remaining `$ref` means recursion). Only what a strict converter could not fix counts: numeric and
 * length bounds, `minItems` over 1 and unsupported formats could be moved into the description, `oneOf`
 * could become `anyOf`, objects could be closed. The per-request limits (24 optional parameters, 16
 * using `anyOf` or type arrays, across all strict tools) are checked for this tool alone. An `allOf`
 * of plain objects (`Type.Intersect`) is judged as the one object it makes.
 */
export function anthropicStrictProblems(schema: SchemaNode): string[] {
  const problems: string[] = [];
  const problem = (pointer: string, text: string) => problems.push(`${showPointer(pointer)}: ${text}`);
  let optional = 0;
  let unions = 0;
  const walk = (given: unknown, pointer: string): void => {
    if (!isRecord(given)) {
      problem(pointer, `a boolean schema (${String(given)}) is not supported in strict mode`);
      return;
    }
    // An allOf of plain objects (Type.Intersect) is one object with all their properties; judge that.
    const node = (Array.isArray(given.allOf) ? mergeAllOf(given) : undefined) ?? given;
    if (typeof node.$ref === 'string') {
      problem(pointer, `a recursive schema ($ref '${node.$ref}') is not supported in strict mode`);
    }
    for (const keyword of UNSUPPORTED) {
      if (node[keyword] !== undefined) problem(pointer, `'${keyword}' is not supported in strict mode`);
    }
    if (Array.isArray(node.allOf) && node.allOf.some((branch) => isRecord(branch) && branch.$ref !== undefined)) {
      problem(pointer, "'allOf' with a $ref inside is not supported in strict mode");
    }
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value === 'object' && value !== null)) {
      problem(pointer, 'an enum of objects or arrays is not supported in strict mode; use primitive values');
    }
    if (node.patternProperties !== undefined) {
      problem(
        pointer,
        `a free-form map (patternProperties, as Type.Record makes) cannot be strict; ${FREE_FORM_ADVICE}`,
      );
    } else if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      const shown = node.additionalProperties === true ? 'true' : 'a schema';
      problem(pointer, `a free-form map (additionalProperties: ${shown}) cannot be strict; ${FREE_FORM_ADVICE}`);
    } else if (
      isObjectNode(node) &&
      node.properties === undefined &&
      node.additionalProperties === undefined &&
      node.allOf === undefined
    ) {
      problem(pointer, `an object without properties is a free-form map and cannot be strict; ${FREE_FORM_ADVICE}`);
    }
    if (isRecord(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, child] of Object.entries(node.properties)) {
        if (!required.has(name)) optional += 1;
        if (
          isRecord(child) &&
          (Array.isArray(child.anyOf) || Array.isArray(child.oneOf) || typesOf(child).length > 1)
        ) {
          unions += 1;
        }
        walk(child, childPointer(childPointer(pointer, 'properties'), name));
      }
    }
    forEachSubschema(node, pointer, (child, at) => {
      // `additionalProperties: false` is the closed object strict mode asks for, not a boolean schema.
      if (child === false && at === childPointer(pointer, 'additionalProperties')) return;
      if (!at.startsWith(childPointer(pointer, 'properties'))) walk(child, at);
    });
  };
  walk(schema, '');
  if (optional > MAX_OPTIONAL) {
    problems.push(`${optional} optional properties, over the strict limit of ${MAX_OPTIONAL} per request`);
  }
  if (unions > MAX_UNIONS) {
    problems.push(`${unions} properties use anyOf or a type array, over the strict limit of ${MAX_UNIONS} per request`);
  }
  return problems;
}
