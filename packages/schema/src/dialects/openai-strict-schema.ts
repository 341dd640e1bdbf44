import { record, type WalkContext, withoutCommonDrops } from './common-drops.js';
import { constraintText, describeWithConstraints } from './constraint-text.js';
import { childPointer, showPointer } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import { acceptsNull, withNull } from './nullable.js';
import { DESCRIBABLE_KEYWORDS, INERT_KEYWORDS } from './schema-keywords.js';
import { isObjectNode, isRecord, mapSubschemas, type SchemaNode } from './schema-node.js';

/** The string formats OpenAI strict mode accepts. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

const KEPT = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  '$ref',
  '$defs',
  'description',
  'title',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const FREE_FORM_ADVICE = 'list the keys with Type.Object, or take an array of { key, value } objects';

export interface StrictSchema {
  readonly schema: SchemaNode;
  /** Why strict mode would reject the schema; empty when it would not. */
  readonly problems: readonly string[];
}

/**
 * The OpenAI strict form of a schema whose refs are resolved (hoisted): every object closed with
 * `additionalProperties: false`, every property required (optional ones made nullable), `oneOf` as
 * `anyOf`, mergeable `allOf` merged, keywords strict mode does not take moved into the description.
 * What cannot be made strict (free-form maps, `not`, tuples, untyped schemas, ...) is kept and named in
 * `problems`.
 */
export function toOpenAiStrictSchema(schema: SchemaNode, context: WalkContext): StrictSchema {
  const problems: string[] = [];
  const problem = (pointer: string, text: string) => {
    const line = `${showPointer(pointer)}: ${text}`;
    if (!problems.includes(line)) problems.push(line);
  };
  let propertyCount = 0;
  let tooDeep = false;
  const definitions = isRecord(schema.$defs) ? schema.$defs : {};
  const resolve = (ref: string): unknown => (ref === '#' ? schema : definitions[ref.replace('#/$defs/', '')]);

  const walk = (node: unknown, pointer: string, depth: number): unknown => {
    if (!isRecord(node)) {
      problem(pointer, `a boolean schema (${String(node)}) is not supported in strict mode`);
      return node;
    }
    let current = withoutCommonDrops(node, pointer, context);
    if (typeof current.$ref === 'string' && Object.keys(current).length > 1) {
      const { $ref, ...siblings } = current;
      for (const keyword of Object.keys(siblings)) {
        const lossy = keyword !== 'description' && keyword !== 'title';
        record(context, pointer, keyword, 'dropped', 'strict mode takes no keyword beside $ref', lossy);
      }
      current = { $ref };
    }
    if (Array.isArray(current.allOf)) {
      const merged = mergeAllOf(current);
      if (merged === undefined) problem(pointer, "'allOf' is not supported in strict mode (only plain objects merge)");
      else {
        record(context, pointer, 'allOf', 'rewritten', 'allOf of plain objects merged into one object', false);
        current = merged;
      }
    }
    if (Array.isArray(current.oneOf)) {
      if (current.anyOf !== undefined) problem(pointer, "'oneOf' beside 'anyOf' is not supported in strict mode");
      else {
        current = renameKey(current, 'oneOf', 'anyOf');
        const detail =
          'oneOf sent as anyOf: the model may match more than one branch; the call is checked against oneOf';
        record(context, pointer, 'oneOf', 'rewritten', detail, true);
      }
    }
    if (current.type === undefined && current.anyOf === undefined && current.$ref === undefined) {
      problem(pointer, 'a schema without a type (Type.Any or Type.Unknown) is not supported in strict mode');
    }
    if (Array.isArray(current.enum) && current.enum.length > MAX_ENUM_VALUES) {
      problem(pointer, `an enum of ${current.enum.length} values is over the strict limit of ${MAX_ENUM_VALUES}`);
    }

    const moved: string[] = [];
    const kept: SchemaNode = {};
    for (const [keyword, value] of Object.entries(current)) {
      if (keyword === 'format' && typeof value === 'string' && OPENAI_STRICT_FORMATS.has(value)) {
        kept[keyword] = value;
      } else if (KEPT.has(keyword)) {
        kept[keyword] = value;
      } else if (DESCRIBABLE_KEYWORDS.has(keyword)) {
        const text = constraintText(keyword, value);
        moved.push(text);
        record(
          context,
          pointer,
          keyword,
          'moved-to-description',
          `not taken in strict mode; described as '${text}'`,
          true,
        );
      } else if (INERT_KEYWORDS.has(keyword)) {
        record(context, pointer, keyword, 'dropped', 'an annotation strict mode does not take', false);
      } else {
        kept[keyword] = value;
        if (keyword === 'patternProperties') {
          problem(
            pointer,
            `a free-form map (patternProperties, as Type.Record makes) cannot be strict; ${FREE_FORM_ADVICE}`,
          );
        } else {
          problem(pointer, `'${keyword}' is not supported in strict mode`);
        }
      }
    }

    const objectLike = isObjectNode(kept);
    if (objectLike && depth + 1 > MAX_DEPTH && !tooDeep) {
      tooDeep = true;
      problem(pointer, `objects nest more than ${MAX_DEPTH} levels deep, over the strict limit`);
    }
    const walked = mapSubschemas(kept, pointer, (child, at) => {
      if (at.startsWith(childPointer(pointer, 'properties'))) return child;
      const keyword = at.slice(pointer.length + 1);
      if (typeof child === 'boolean' && (keyword === 'additionalProperties' || keyword === 'items')) return child;
      return walk(child, at, depth);
    });
    if (objectLike) closeObject(walked, kept, pointer, depth);
    const description = describeWithConstraints(walked.description, moved);
    if (description !== undefined) walked.description = description;
    return walked;
  };

  const closeObject = (walked: SchemaNode, original: SchemaNode, pointer: string, depth: number): void => {
    const extra = original.additionalProperties;
    const mapped = original.patternProperties !== undefined;
    if (original.properties === undefined && !mapped && extra === undefined) {
      problem(pointer, `an object without properties is a free-form map and cannot be strict; ${FREE_FORM_ADVICE}`);
    } else if (extra === undefined && !mapped) {
      walked.additionalProperties = false;
    } else if (extra !== undefined && extra !== false) {
      const shown = extra === true ? 'true' : 'a schema';
      problem(pointer, `a free-form map (additionalProperties: ${shown}) cannot be strict; ${FREE_FORM_ADVICE}`);
    }
    if (!isRecord(original.properties)) return;
    const required = new Set(Array.isArray(original.required) ? original.required : []);
    const properties: SchemaNode = {};
    for (const [name, child] of Object.entries(original.properties)) {
      propertyCount += 1;
      const at = childPointer(childPointer(pointer, 'properties'), name);
      const strict = walk(child, at, depth + 1);
      if (required.has(name) || !isRecord(strict)) {
        properties[name] = strict;
      } else if (acceptsNull(strict, resolve)) {
        properties[name] = strict;
        const detail =
          'optional and already nullable: sent as required, so the model sends null instead of leaving it out';
        record(context, at, 'required', 'rewritten', detail, false);
      } else {
        properties[name] = withNull(strict);
        const detail = 'optional: sent as required and nullable; the decoder turns null back into leaving it out';
        record(context, at, 'required', 'rewritten', detail, false);
      }
    }
    walked.properties = properties;
    const names = Object.keys(properties);
    if (walked.required === undefined) {
      const ordered: SchemaNode = {};
      for (const [keyword, value] of Object.entries(walked)) {
        ordered[keyword] = value;
        if (keyword === 'properties') ordered.required = names;
      }
      for (const keyword of Object.keys(walked)) delete walked[keyword];
      Object.assign(walked, ordered);
    } else {
      walked.required = names;
    }
  };

  const output = walk(schema, '', 0) as SchemaNode;
  if (propertyCount > MAX_PROPERTIES) {
    problem('', `${propertyCount} properties in all, over the strict limit of ${MAX_PROPERTIES}`);
  }
  return { schema: output, problems };
}

function renameKey(node: SchemaNode, from: string, to: string): SchemaNode {
  const copy: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) copy[keyword === from ? to : keyword] = value;
  return copy;
}
