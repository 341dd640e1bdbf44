import { record, type WalkContext, withoutCommonDrops } from './common-drops.js';
import { constraintText, describeWithConstraints } from './constraint-text.js';
import { childPointer, showPointer } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import { acceptsNull, withNull } from './nullable.js';
import { DESCRIBABLE_KEYWORDS, INERT_KEYWORDS } from './schema-keywords.js';
import { forEachSubschema, isObjectNode, isRecord, mapSubschemas, type SchemaNode } from './schema-node.js';

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
// OpenAI's documented limits for strict schemas ("Supported schemas", Structured Outputs guide,
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas, also at
// https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas): up to 5000 object
// properties in all and 10 levels of nesting; property names, definition names, enum values and const
// values at most 120,000 characters in all; at most 1000 enum values across all enums; one string
// enum of more than 250 values at most 15,000 characters.
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const MAX_NAME_AND_VALUE_CHARACTERS = 120_000;
const LARGE_ENUM_VALUES = 250;
const MAX_LARGE_ENUM_CHARACTERS = 15_000;
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
        // Strict mode cannot leave a property out, and null already has a meaning here: "absent" and
        // "null" become one answer. The decoder keeps the null (what was sent, and valid); a tool that
        // tells the two apart cannot be told "absent" by a strict model.
        const detail =
          'optional and nullable: sent as required, so the model can no longer leave it out and sends null for both "absent" and "null"; the decoder keeps the null, so the tool never sees it left out';
        record(context, at, 'required', 'rewritten', detail, true);
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
  checkSizes(output, problem);
  return { schema: output, problems };
}

/**
 * OpenAI's size limits (see `MAX_ENUM_VALUES` above), measured on the strict schema as sent. A `const` counts as a
 * one-value enum and a union of literals as one enum of its values: strict mode constrains them alike,
 * so a 1,001-value union of constants is as far over the limit as a 1,001-value enum.
 */
function checkSizes(schema: SchemaNode, problem: (pointer: string, text: string) => void): void {
  let values = 0;
  let characters = 0;
  const visit = (node: unknown, pointer: string): void => {
    if (!isRecord(node)) return;
    if (Array.isArray(node.enum)) {
      values += node.enum.length;
      characters += node.enum.reduce((sum: number, value) => sum + valueLength(value), 0);
    }
    if ('const' in node) {
      values += 1;
      characters += valueLength(node.const);
    }
    for (const keyword of ['properties', '$defs'] as const) {
      const names = node[keyword];
      if (isRecord(names)) for (const name of Object.keys(names)) characters += name.length;
    }
    const literals = literalValues(node);
    const strings = literals.filter((value): value is string => typeof value === 'string');
    const length = strings.reduce((sum, value) => sum + value.length, 0);
    if (strings.length > LARGE_ENUM_VALUES && length > MAX_LARGE_ENUM_CHARACTERS) {
      problem(
        pointer,
        `an enum of ${strings.length} strings, ${length} characters in all, is over the strict limit of ${MAX_LARGE_ENUM_CHARACTERS} characters for an enum of more than ${LARGE_ENUM_VALUES} values`,
      );
    }
    forEachSubschema(node, pointer, visit);
  };
  visit(schema, '');
  if (values > MAX_ENUM_VALUES) {
    problem(
      '',
      `${values} enum values in all (enum and const values, unions of literals included), over the strict limit of ${MAX_ENUM_VALUES}`,
    );
  }
  if (characters > MAX_NAME_AND_VALUE_CHARACTERS) {
    problem(
      '',
      `${characters} characters of property names, definition names, enum and const values in all, over the strict limit of ${MAX_NAME_AND_VALUE_CHARACTERS}`,
    );
  }
}

/** The values one node allows by enumeration: its `enum`, or the literals of an `anyOf` made only of them. */
function literalValues(node: SchemaNode): unknown[] {
  if (Array.isArray(node.enum)) return node.enum;
  if (!Array.isArray(node.anyOf)) return [];
  const found: unknown[] = [];
  for (const branch of node.anyOf) {
    if (!isRecord(branch)) return [];
    if ('const' in branch) found.push(branch.const);
    else if (Array.isArray(branch.enum)) found.push(...branch.enum);
    else if (branch.type !== 'null') return [];
  }
  return found;
}

function valueLength(value: unknown): number {
  return typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
}

function renameKey(node: SchemaNode, from: string, to: string): SchemaNode {
  const copy: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) copy[keyword === from ? to : keyword] = value;
  return copy;
}
