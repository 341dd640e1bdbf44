import { isRecord, type SchemaNode, typesOf } from './schema-node.js';

const BRANCH_KEYWORDS = new Set(['type', 'properties', 'required', 'description', 'title']);

/**
 * `node` with its `allOf` merged into one object schema, when every branch is a plain object schema
 * (only `type`, `properties`, `required`, `description`, `title`) and no property name appears twice:
 * what `Type.Intersect` of objects produces. `undefined` when that is not the case. An outer
 * `unevaluatedProperties: false` becomes `additionalProperties: false`, which means the same once merged.
 */
export function mergeAllOf(node: SchemaNode): SchemaNode | undefined {
  const branches = node.allOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  if (node.properties !== undefined || node.additionalProperties !== undefined) return undefined;
  const outerTypes = typesOf(node);
  if (outerTypes.length > 0 && (outerTypes.length !== 1 || outerTypes[0] !== 'object')) return undefined;
  const properties: SchemaNode = {};
  const required: string[] = [];
  for (const branch of branches) {
    if (!isRecord(branch) || branch.type !== 'object') return undefined;
    if (Object.keys(branch).some((keyword) => !BRANCH_KEYWORDS.has(keyword))) return undefined;
    const own = isRecord(branch.properties) ? branch.properties : {};
    for (const [name, schema] of Object.entries(own)) {
      if (name in properties) return undefined;
      properties[name] = schema;
    }
    if (Array.isArray(branch.required)) {
      for (const name of branch.required) if (typeof name === 'string' && !required.includes(name)) required.push(name);
    }
  }
  const merged: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'allOf') {
      merged.type = 'object';
      merged.properties = properties;
      if (required.length > 0) merged.required = required;
    } else if (keyword === 'unevaluatedProperties' && value === false) {
      merged.additionalProperties = false;
    } else if (keyword !== 'type') {
      merged[keyword] = value;
    }
  }
  return merged;
}
