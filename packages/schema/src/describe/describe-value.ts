import { COMMAND_KEYWORD, PATH_KEYWORD, URL_KEYWORD } from '../params/keywords.js';
import { boundPhrases } from './bound-phrases.js';
import { asSchema, followRefs, type RefLookup, type Schema } from './schema-refs.js';
import type { ParameterDescription, ValueDescription } from './tool-description.js';
import { alternatives, isObjectLike, listedValues, literal, typeText } from './type-text.js';

/** How deep nested object properties are listed; deeper ones show only their type (`object`). */
const NESTING_SHOWN = 3;

/**
 * How many properties one description lists at most. References can make a small schema list a great
 * many (a definition of 100 properties, each pointing at another of 100): the rest are not listed.
 */
const PROPERTIES_SHOWN = 1000;

/** How many `allOf` levels are merged into one object. */
const MERGE_DEPTH = 8;

/** The walk over one schema: its references, the objects being listed with where they sit, what is left. */
interface Walk {
  readonly lookup: RefLookup;
  readonly listing: Map<Schema, string>;
  budget: number;
}

/** A whole value: `parameters` (an object) or a result schema of any shape. */
export function describeWholeValue(schema: Schema, lookup: RefLookup): ValueDescription {
  return describeShape(schema, { lookup, listing: new Map(), budget: PROPERTIES_SHOWN }, '', 0);
}

function describeShape(schema: Schema, walk: Walk, path: string, depth: number): ValueDescription {
  const resolved = followRefs(schema, walk.lookup);
  const own = effective(schema, resolved);
  const notes = narrowing(own);

  const items = resolved.type === 'array' ? asSchema(resolved.items) : undefined;
  const itemResolved = items === undefined ? undefined : followRefs(items, walk.lookup);
  const source = objectOf(itemResolved ?? resolved, walk.lookup);
  if (items !== undefined && itemResolved !== undefined && source === undefined) {
    // An array of plain values: what narrows each value is said once, for every item.
    notes.push(...narrowing(effective(items, itemResolved)).map((note) => `each item ${note}`));
  }

  let children: ParameterDescription[] = [];
  const listedAt = itemResolved === undefined ? path : `${path}[]`;
  const seenAt = source === undefined ? undefined : walk.listing.get(source);
  if (seenAt !== undefined) {
    const where = seenAt === '' ? 'the arguments' : seenAt;
    notes.push(itemResolved === undefined ? `shaped like ${where}` : `each item shaped like ${where}`);
  } else if (source !== undefined && depth < NESTING_SHOWN) {
    walk.listing.set(source, path);
    children = describeProperties(mergedShape(source, walk.lookup, 0), walk, listedAt, depth + 1);
    walk.listing.delete(source);
  } else if (source === undefined && depth < NESTING_SHOWN) {
    const forms = unionShape(itemResolved ?? resolved, walk.lookup);
    if (forms !== undefined) children = describeProperties(forms, walk, listedAt, depth + 1);
  }
  if (own.default !== undefined) notes.push(`default ${literal(own.default)}`);
  return { type: typeText(schema, walk.lookup), notes, children };
}

function describeProperties(shape: Shape, walk: Walk, parent: string, depth: number): ParameterDescription[] {
  const described: ParameterDescription[] = [];
  for (const [name, property] of shape.properties) {
    if (walk.budget <= 0) break;
    walk.budget--;
    const path = parent === '' ? name : `${parent}.${name}`;
    const own = effective(property, followRefs(property, walk.lookup));
    const mark = markOf(own);
    const values = listedValues(own);
    const value = describeShape(property, walk, path, depth);
    const only = shape.only?.get(name);
    described.push({
      name,
      path,
      ...value,
      ...(only === undefined ? {} : { notes: [...value.notes, only] }),
      required: shape.required.has(name),
      ...(mark === undefined ? {} : { mark }),
      bounds: boundPhrases(own),
      ...(own.default === undefined ? {} : { default: own.default }),
      ...(values === undefined ? {} : { values }),
      description: typeof own.description === 'string' ? oneLine(own.description) : '',
    });
  }
  return described;
}

/**
 * The keywords that apply to a value: those of the schema a `$ref` leads to, with the ones written
 * beside the `$ref` (a description, a default) taking precedence.
 */
function effective(schema: Schema, resolved: Schema): Schema {
  if (resolved === schema) return schema;
  const { $ref: _ref, ...beside } = schema;
  return { ...resolved, ...beside };
}

/** The governance mark, the format and the bounds of a value, in the order they are shown. */
function narrowing(schema: Schema): string[] {
  const mark = markOf(schema);
  return [
    ...(mark === undefined ? [] : [mark]),
    ...(typeof schema.format === 'string' ? [`format ${schema.format}`] : []),
    ...boundPhrases(schema),
  ];
}

/** What governance reads a string as. */
function markOf(schema: Schema): string | undefined {
  const path = schema[PATH_KEYWORD];
  if (path === 'read') return 'a path it reads';
  if (path === 'write') return 'a path it writes';
  if (schema[COMMAND_KEYWORD] === true) return 'a shell command';
  if (schema[URL_KEYWORD] === true) return 'a URL';
  return undefined;
}

/**
 * The object whose properties are listed under a value: the value itself, or the one object of a
 * nullable union (`object | null`).
 */
function objectOf(schema: Schema, lookup: RefLookup): Schema | undefined {
  if (isObjectLike(schema)) return schema;
  const members = alternatives(schema)?.map((member) => followRefs(member, lookup));
  const objects = members?.filter(isObjectLike) ?? [];
  const others = members?.filter((member) => !isObjectLike(member)) ?? [];
  return objects.length === 1 && others.every((member) => member.type === 'null') ? objects[0] : undefined;
}

interface Shape {
  readonly properties: [string, Schema][];
  readonly required: Set<string>;
  /** For the forms of a union: the properties only some forms have, and which (`only with kind "edit"`). */
  readonly only?: Map<string, string>;
}

/**
 * The properties of a union of two or more objects (a tagged union, say), listed once: a property in
 * several forms is listed once with their types joined, one that only some forms have says which, and
 * one is required when every form that has it requires it. `undefined` for any other union.
 */
function unionShape(schema: Schema, lookup: RefLookup): Shape | undefined {
  const forms = alternatives(schema)
    ?.map((member) => followRefs(member, lookup))
    .filter((member) => member.type !== 'null');
  if (forms === undefined || forms.length < 2 || !forms.every(isObjectLike)) return undefined;
  const shapes = forms.map((form) => mergedShape(form, lookup, 0));
  const names = [...new Set(shapes.flatMap((shape) => shape.properties.map(([name]) => name)))];
  const properties: [string, Schema][] = [];
  const required = new Set<string>();
  const only = new Map<string, string>();
  for (const name of names) {
    const having = shapes.flatMap((shape, index) => {
      const found = shape.properties.find(([key]) => key === name);
      return found === undefined ? [] : [{ index, schema: found[1], required: shape.required.has(name) }];
    });
    // One schema per distinct type, so `integer` in two forms and `number` in a third reads `integer | number`.
    const byType = new Map<string, Schema>();
    for (const form of having) {
      const text = typeText(form.schema, lookup);
      if (!byType.has(text)) byType.set(text, form.schema);
    }
    const distinct = [...byType.values()];
    properties.push([name, distinct.length === 1 ? (distinct[0] ?? {}) : { anyOf: distinct }]);
    if (having.every((form) => form.required)) required.add(name);
    if (having.length < forms.length) {
      only.set(name, `only with ${having.map((form) => formName(forms, form.index)).join(' or ')}`);
    }
  }
  return { properties, required, only };
}

/** How a form of a union is named: by its constant property (`kind "edit"`), else by its place. */
function formName(forms: readonly Schema[], index: number): string {
  const properties = asSchema(forms[index]?.properties) ?? {};
  for (const [key, value] of Object.entries(properties)) {
    const property = asSchema(value);
    if (property !== undefined && 'const' in property) return `${key} ${literal(property.const)}`;
  }
  return `form ${index + 1} of ${forms.length}`;
}

/** The properties of an object, with those of the members of its `allOf` (TypeBox's `Intersect`) merged in. */
function mergedShape(schema: Schema, lookup: RefLookup, depth: number): Shape {
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const own = asSchema(schema.properties);
  if (own !== undefined) for (const [name, value] of Object.entries(own)) properties.set(name, asSchema(value) ?? {});
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === 'string') required.add(name);
  }
  if (Array.isArray(schema.allOf) && depth < MERGE_DEPTH) {
    for (const member of schema.allOf) {
      const part = mergedShape(followRefs(asSchema(member) ?? {}, lookup), lookup, depth + 1);
      for (const [name, value] of part.properties) if (!properties.has(name)) properties.set(name, value);
      for (const name of part.required) required.add(name);
    }
  }
  return { properties: [...properties], required };
}

function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, ' ');
}
