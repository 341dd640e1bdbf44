import type { UiSchema } from '@rjsf/utils';

/** Property names whose strings are whole texts (a file, a patch, a task), not one-line values. */
const LONG_TEXT = /(text|content|input|string|str|patch|body|task|prompt|code|script|message|note)$/i;

/** Names that hold one short value however long they may be (`path` may take 1,024 characters). */
const ONE_LINE = /(path|name|id|url|dir|glob|pattern|query)$/i;

/** A string this long or longer gets a multi-line box whatever its name. */
const LONG_AT = 4000;

/**
 * How the form lays out a tool's parameters, read from the schema: multi-line boxes for texts, the root
 * without a title of its own (the page's heading names the tool), and no browser autocomplete (a value
 * from another tool's form would be wrong here).
 */
export function formUiSchema(schema: Record<string, unknown>): UiSchema {
  return { ...objectUi(schema), 'ui:title': '', 'ui:options': { label: false } };
}

function nodeUi(name: string, schema: unknown): UiSchema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as Record<string, unknown>;
  if (node.type === 'string' && node.const === undefined && node.enum === undefined && isLongText(name, node)) {
    return { 'ui:widget': 'textarea', 'ui:options': { rows: 5 } };
  }
  if (node.type === 'string' || node.type === 'integer' || node.type === 'number') {
    return { 'ui:autocomplete': 'off' };
  }
  if (node.type === 'object') return objectUi(node);
  if (node.type === 'array' && typeof node.items === 'object' && node.items !== null) {
    const items = nodeUi(name, node.items);
    return items === undefined ? undefined : { items };
  }
  return undefined;
}

function objectUi(node: Record<string, unknown>): UiSchema {
  const properties = node.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  const ui: UiSchema = {};
  for (const [key, value] of Object.entries(properties)) {
    const child = nodeUi(key, value);
    if (child !== undefined) ui[key] = child;
  }
  return ui;
}

function isLongText(name: string, node: Record<string, unknown>): boolean {
  const max = typeof node.maxLength === 'number' ? node.maxLength : undefined;
  if (ONE_LINE.test(name)) return false;
  if (max !== undefined && max >= LONG_AT) return true;
  if (max !== undefined && max <= 200) return false;
  return LONG_TEXT.test(name);
}

// The form's schema → the tool's own: the form's validator checks against the original, so its messages
// are the runtime's word for word.
const originals = new WeakMap<object, Record<string, unknown>>();

/** The tool's parameters a form was drawn from, when `schema` is a form's schema. */
export function originalSchema(schema: object): Record<string, unknown> | undefined {
  return originals.get(schema);
}

/**
 * The schema the form draws: the tool's parameters without `$schema` (rjsf has no use for it), and each
 * union of constants (how TypeBox writes a `Type.Union` of literals) as the `enum` rjsf draws as a
 * select. The same values are valid either way.
 */
export function formSchema(parameters: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _draft, ...rest } = parameters;
  const schema = drawable(rest) as Record<string, unknown>;
  originals.set(schema, parameters);
  return schema;
}

function drawable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(drawable);
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const constants = constantUnion(record.anyOf) ?? constantUnion(record.oneOf);
  if (constants !== undefined) {
    const { anyOf: _any, oneOf: _one, ...rest } = record;
    const types = [...new Set(constants.map((value) => (value === null ? 'null' : typeof value)))];
    const type = types.length === 1 && types[0] !== 'null' ? { type: types[0] } : {};
    return { ...rest, ...type, enum: constants };
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, drawable(value)]));
}

/** The values of a union whose every member is a `const`, else undefined. */
function constantUnion(members: unknown): unknown[] | undefined {
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const values: unknown[] = [];
  for (const member of members) {
    if (typeof member !== 'object' || member === null || !('const' in member)) return undefined;
    values.push((member as { const: unknown }).const);
  }
  return values;
}
