import { record, type WalkContext, withoutCommonDrops } from './common-drops.js';
import { constraintText, describeWithConstraints } from './constraint-text.js';
import { geminiEnum } from './gemini-enum.js';
import { childPointer, showPointer } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import { DESCRIBABLE_KEYWORDS, INERT_KEYWORDS } from './schema-keywords.js';
import { isObjectNode, isRecord, type SchemaNode, typesOf } from './schema-node.js';

const KEPT = new Set([
  'type',
  'title',
  'description',
  'nullable',
  'enum',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
]);
const GEMINI_FORMATS = new Set(['enum', 'date-time']);
const LITERAL_ONLY = new Set(['const', 'enum', 'type', 'description', 'title']);

/**
 * The Gemini `parameters` form (a subset of OpenAPI 3.0) of a schema whose refs are resolved with
 * recursion cut: one `type` per schema (`nullable: true` for null), enums as strings, `const` as a
 * one-value enum, constraints outside the subset moved into the description, everything else dropped.
 */
export function toGeminiSchema(schema: SchemaNode, context: WalkContext): SchemaNode {
  const walk = (node: unknown, pointer: string): SchemaNode => {
    if (!isRecord(node)) {
      context.log.warn(`${showPointer(pointer)}: the boolean schema ${String(node)} was sent as an untyped schema`);
      return {};
    }
    const current = normalise(withoutCommonDrops(node, pointer, context), pointer, context);
    const moved: string[] = [];
    const output: SchemaNode = {};
    for (const [keyword, value] of Object.entries(current)) {
      if (KEPT.has(keyword)) output[keyword] = value;
      else if (keyword === 'format' && typeof value === 'string' && GEMINI_FORMATS.has(value)) output.format = value;
      else if (keyword === 'properties' && isRecord(value)) {
        const properties: SchemaNode = {};
        for (const [name, child] of Object.entries(value)) {
          // Names are already legal here: `renameProperties` ran first.
          properties[name] = walk(child, childPointer(childPointer(pointer, 'properties'), name));
        }
        output.properties = properties;
      } else if (keyword === 'required' && Array.isArray(value)) {
        output.required = value.filter(
          (name) => typeof name === 'string' && isRecord(current.properties) && name in current.properties,
        );
      } else if (keyword === 'items' && (isRecord(value) || value === true)) {
        output.items = walk(value, childPointer(pointer, 'items'));
      } else if (keyword === 'items' && value === false && Array.isArray(current.prefixItems)) {
        // The tuple's length survives as minItems / maxItems; the prefixItems entry covers the rest.
      } else if (keyword === 'anyOf' && Array.isArray(value)) {
        output.anyOf = value.map((branch, index) => walk(branch, childPointer(childPointer(pointer, 'anyOf'), index)));
      } else if (keyword === 'default') {
        output.default = value;
      } else if (keyword === 'prefixItems' && Array.isArray(value)) {
        const at = childPointer(pointer, 'prefixItems');
        const branches = value.map((child, index) => walk(child, childPointer(at, index)));
        output.items = uniqueSchemas(branches);
        const detail =
          'tuple sent as an array whose items may be any of its member types; positions are checked on the call';
        record(context, pointer, 'prefixItems', 'rewritten', detail, true);
      } else if (DESCRIBABLE_KEYWORDS.has(keyword) || keyword === 'format') {
        const text = constraintText(keyword, value);
        moved.push(text);
        record(
          context,
          pointer,
          keyword,
          'moved-to-description',
          `not in Gemini's schema subset; described as '${text}'`,
          true,
        );
      } else if (INERT_KEYWORDS.has(keyword)) {
        record(context, pointer, keyword, 'dropped', 'an annotation outside the subset', false);
      } else {
        record(context, pointer, keyword, 'dropped', dropDetail(keyword, value), true);
      }
    }
    const description = describeWithConstraints(output.description, moved);
    if (description !== undefined) output.description = description;
    if (
      pointer !== '' &&
      isObjectNode(output) &&
      !(isRecord(output.properties) && Object.keys(output.properties).length > 0)
    ) {
      context.log.warn(
        `${pointer}: an object without properties; Gemini may reject it ("should be non-empty for OBJECT type")`,
      );
    }
    if (output.type === undefined && output.anyOf === undefined) {
      context.log.warn(
        `${showPointer(pointer)}: no type; Gemini 3 rejects TYPE_UNSPECIFIED, use the gemini-json dialect`,
      );
    }
    return output;
  };
  return walk(schema, '');
}

/** Rewrites what has a single-type spelling in the subset: allOf, oneOf, type arrays, null branches, literals. */
function normalise(node: SchemaNode, pointer: string, context: WalkContext): SchemaNode {
  let current = node;
  if (Array.isArray(current.allOf)) {
    const merged = mergeAllOf(current);
    if (merged !== undefined) {
      record(context, pointer, 'allOf', 'rewritten', 'allOf of plain objects merged into one object', false);
      current = merged;
    }
  }
  if (Array.isArray(current.oneOf) && current.anyOf === undefined) {
    const { oneOf, ...rest } = current;
    current = { ...rest, anyOf: oneOf };
    const detail = 'oneOf sent as anyOf: the model may match more than one branch; the call is checked against oneOf';
    record(context, pointer, 'oneOf', 'rewritten', detail, true);
  }
  if (Array.isArray(current.type)) {
    const types = typesOf(current);
    const single = types.filter((type) => type !== 'null');
    const { type: _type, ...rest } = current;
    current = {
      ...(single.length === 1 ? { type: single[0] } : {}),
      ...(single.length > 1 ? { anyOf: single.map((type) => ({ type })) } : {}),
      ...(types.includes('null') ? { nullable: true } : {}),
      ...rest,
    };
    const detail =
      single.length > 1
        ? 'type array sent as anyOf of single types'
        : `type array sent as one type${types.includes('null') ? ' with nullable: true' : ''}`;
    record(context, pointer, 'type', 'rewritten', detail, false);
  }
  if (Array.isArray(current.anyOf)) {
    const branches = current.anyOf;
    const kept = branches.filter((branch) => !(isRecord(branch) && (branch.type === 'null' || branch.const === null)));
    const { anyOf: _anyOf, ...rest } = current;
    if (kept.length < branches.length) {
      record(context, pointer, 'anyOf', 'rewritten', 'null branch sent as nullable: true', false);
      rest.nullable = true;
    }
    const literalOnly = kept.every((branch) => isRecord(branch) && ('const' in branch || Array.isArray(branch.enum)));
    if (
      kept.length > 0 &&
      literalOnly &&
      kept.every((b) => Object.keys(b as SchemaNode).every((k) => LITERAL_ONLY.has(k)))
    ) {
      const values = kept.flatMap((branch) => {
        const literal = branch as SchemaNode;
        return 'const' in literal ? [literal.const] : (literal.enum as unknown[]);
      });
      record(context, pointer, 'anyOf', 'rewritten', 'union of literals sent as enum', false);
      return withEnum(rest, values, pointer, context);
    }
    if (kept.length === 1 && isRecord(kept[0])) {
      record(context, pointer, 'anyOf', 'rewritten', 'one remaining branch sent in place of anyOf', false);
      return normalise({ ...kept[0], ...rest }, pointer, context);
    }
    current = { ...rest, anyOf: kept };
  }
  if ('const' in current) {
    const { const: value, ...rest } = current;
    record(context, pointer, 'const', 'rewritten', 'const sent as a one-value enum', false);
    return withEnum(rest, [value], pointer, context);
  }
  if (
    Array.isArray(current.enum) &&
    (current.type === undefined || current.enum.some((value) => typeof value !== 'string'))
  ) {
    const { enum: values, ...rest } = current;
    return withEnum(rest, values, pointer, context);
  }
  return current;
}

function withEnum(rest: SchemaNode, values: readonly unknown[], pointer: string, context: WalkContext): SchemaNode {
  const { type: _type, format: _format, ...annotations } = rest;
  const converted = geminiEnum(values, pointer, context);
  const nullable = converted.nullable || rest.nullable === true ? { nullable: true } : {};
  const only = converted.schemas.length === 1 ? converted.schemas[0] : undefined;
  if (only !== undefined && only.format === 'enum' && 'default' in annotations) {
    annotations.default = String(annotations.default);
  }
  if (only !== undefined) return { ...only, ...annotations, ...nullable };
  return { anyOf: converted.schemas, ...annotations, ...nullable };
}

function uniqueSchemas(schemas: readonly SchemaNode[]): SchemaNode {
  const seen = new Map<string, SchemaNode>();
  for (const schema of schemas) seen.set(JSON.stringify(schema), schema);
  const unique = [...seen.values()];
  return unique.length === 1 ? (unique[0] as SchemaNode) : { anyOf: unique };
}

function dropDetail(keyword: string, value: unknown): string {
  if (keyword === 'additionalProperties' && value === false) {
    return 'Gemini rejects additionalProperties; the model is not told that other keys are refused';
  }
  if (keyword === 'additionalProperties' || keyword === 'patternProperties') {
    return 'a free-form map is not in the subset; the model is not told the shape of its values';
  }
  return `not in Gemini's schema subset`;
}
