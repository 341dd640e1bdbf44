import { COMMAND_KEYWORD, PATH_KEYWORD, URL_KEYWORD } from '../params/keywords.js';
import { boundPhrases } from './bound-phrases.js';
import { asSchema, followRefs, type RefLookup, type Schema } from './schema-refs.js';
import type { ParameterDescription, ValueDescription } from './tool-description.js';
import { alternatives, isObjectLike, listedValues, literal, typeText } from './type-text.js';

/** How deep nested object properties are listed; deeper ones show only their type (`object`). */
const NESTING_SHOWN = 3;

/** How many `allOf` levels are merged into one object. */
const MERGE_DEPTH = 8;

/** The walk over one schema: its references, and the objects being listed with where they sit. */
interface Walk {
  readonly lookup: RefLookup;
  readonly listing: Map<Schema, string>;
}

/** A whole value: `parameters` (an object) or a result schema of any shape. */
export function describeWholeValue(schema: Schema, lookup: RefLookup): ValueDescription {
  return describeShape(schema, { lookup, listing: new Map() }, '', 0);
}

function describeShape(schema: Schema, walk: Walk, path: string, depth: number): ValueDescription {
  const target = followRefs(schema, walk.lookup);
  const notes: string[] = [];
  const mark = markOf(target);
  if (mark !== undefined) notes.push(mark);
  if (typeof target.format === 'string') notes.push(`format ${target.format}`);
  notes.push(...boundPhrases(target));

  const items = target.type === 'array' ? asSchema(target.items) : undefined;
  const itemTarget = items === undefined ? undefined : followRefs(items, walk.lookup);
  const source = objectOf(itemTarget ?? target, walk.lookup);
  if (itemTarget !== undefined && source === undefined) {
    // An array of plain values: what narrows each value is said once, for every item.
    const itemMark = markOf(itemTarget);
    const itemNotes = [
      ...(itemMark === undefined ? [] : [itemMark]),
      ...(typeof itemTarget.format === 'string' ? [`format ${itemTarget.format}`] : []),
      ...boundPhrases(itemTarget),
    ];
    notes.push(...itemNotes.map((note) => `each item ${note}`));
  }

  let children: ParameterDescription[] = [];
  const seenAt = source === undefined ? undefined : walk.listing.get(source);
  if (seenAt !== undefined) {
    const where = seenAt === '' ? 'the arguments' : seenAt;
    notes.push(itemTarget === undefined ? `shaped like ${where}` : `each item shaped like ${where}`);
  } else if (source !== undefined && depth < NESTING_SHOWN) {
    walk.listing.set(source, path);
    children = describeProperties(source, walk, itemTarget === undefined ? path : `${path}[]`, depth + 1);
    walk.listing.delete(source);
  }
  const fallback = 'default' in target ? target.default : schema.default;
  if (fallback !== undefined) notes.push(`default ${literal(fallback)}`);
  return { type: typeText(schema, walk.lookup), notes, children };
}

function describeProperties(schema: Schema, walk: Walk, parent: string, depth: number): ParameterDescription[] {
  const shape = mergedShape(schema, walk.lookup, 0);
  return shape.properties.map(([name, property]) => {
    const path = parent === '' ? name : `${parent}.${name}`;
    const target = followRefs(property, walk.lookup);
    const value = describeShape(property, walk, path, depth);
    const mark = markOf(target);
    const fallback = 'default' in target ? target.default : property.default;
    const values = listedValues(target);
    const description = typeof target.description === 'string' ? target.description : property.description;
    return {
      name,
      path,
      ...value,
      required: shape.required.has(name),
      ...(mark === undefined ? {} : { mark }),
      bounds: boundPhrases(target),
      ...(fallback === undefined ? {} : { default: fallback }),
      ...(values === undefined ? {} : { values }),
      description: typeof description === 'string' ? oneLine(description) : '',
    };
  });
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
}

/** The properties of an object, with those of the members of its `allOf` (TypeBox's `Intersect`) merged in. */
function mergedShape(schema: Schema, lookup: RefLookup, depth: number): Shape {
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const own = asSchema(schema.properties);
  if (own !== undefined) for (const [name, value] of Object.entries(own)) properties.set(name, asSchema(value) ?? {});
  if (Array.isArray(schema.required))
    for (const name of schema.required) if (typeof name === 'string') required.add(name);
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
