import { asSchema, followRefs, type RefLookup, type Schema } from './schema-refs.js';

/** How deep a type is spelled out (`array of array of ...`, unions in unions); deeper is `...`. */
const TYPE_DEPTH_SHOWN = 8;

/**
 * How many schemas one type spells at most; the rest read `...`. Unions of unions multiply: ten members
 * eight levels deep would be a hundred million words.
 */
const TYPE_PARTS_SHOWN = 200;

/** One spelling: the schemas being spelled (to notice recursion) and how many parts are left. */
interface Spelling {
  readonly open: Set<Schema>;
  parts: number;
}

/**
 * A short type in words: `string`, `array of integer`, `one of "a", "b"`, `exactly 3`, `string | null`,
 * `object with kind "edit"`, `[string, number]`, `object with integer values`. A reference is followed;
 * one back to a type being spelled (recursion) reads `...`, one that does not resolve `see <ref>`.
 */
export function typeText(schema: Schema, lookup: RefLookup): string {
  return spell(schema, lookup, 0, { open: new Set([schema]), parts: TYPE_PARTS_SHOWN });
}

function spell(schema: Schema, lookup: RefLookup, depth: number, spelling: Spelling): string {
  // A source's schema may nest without end (an MCP server's, say): the words stop, not the stack.
  if (spelling.parts <= 0) return '...';
  spelling.parts--;
  if (depth >= TYPE_DEPTH_SHOWN) return '...';
  if (typeof schema.$ref === 'string') {
    const target = followRefs(schema, lookup);
    if (target === schema || typeof target.$ref === 'string') return `see ${schema.$ref}`;
    if (spelling.open.has(target)) return '...';
    spelling.open.add(target);
    const text = spell(target, lookup, depth + 1, spelling);
    spelling.open.delete(target);
    return text;
  }
  const values = listedValues(schema);
  if (values !== undefined)
    return values.length === 1 && !Array.isArray(schema.enum) ? `exactly ${literal(values[0])}` : oneOf(values);
  const members = alternatives(schema);
  if (members !== undefined) return spellAll(members, lookup, depth, spelling).join(' | ');
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((member) => asSchema(member) ?? {});
    if (parts.every((part) => isObjectLike(followRefs(part, lookup)))) return 'object';
    return spellAll(parts, lookup, depth, spelling).join(' and ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return arrayText(schema, lookup, depth, spelling);
  if (type === 'object' || (type === undefined && asSchema(schema.properties) !== undefined)) {
    return objectText(schema, lookup, depth, spelling);
  }
  return typeof type === 'string' ? type : 'any value';
}

/** The members of a union or intersection, one level down; once the parts run out, one `...` for the rest. */
function spellAll(members: readonly Schema[], lookup: RefLookup, depth: number, spelling: Spelling): string[] {
  const spelled: string[] = [];
  for (const member of members) {
    if (spelling.parts <= 0) {
      spelled.push('...');
      break;
    }
    spelled.push(spell(member, lookup, depth + 1, spelling));
  }
  return spelled;
}

/**
 * The values a schema lists: its `enum`, its `const`, or the constants of a union made only of them
 * (TypeBox's `Union` of `Literal`s, `Enum`).
 */
export function listedValues(schema: Schema): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const members = alternatives(schema);
  if (members !== undefined && members.length > 0 && members.every((member) => 'const' in member)) {
    return members.map((member) => member.const);
  }
  return undefined;
}

/** The members of an `anyOf` or `oneOf`. */
export function alternatives(schema: Schema): Schema[] | undefined {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  return members?.map((member) => asSchema(member) ?? {});
}

/** True for a schema that describes an object with listed properties (or an `allOf` of such). */
export function isObjectLike(schema: Schema): boolean {
  return asSchema(schema.properties) !== undefined || (schema.type === 'object' && Array.isArray(schema.allOf));
}

export function literal(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function oneOf(values: readonly unknown[]): string {
  return `one of ${values.map(literal).join(', ')}`;
}

function arrayText(schema: Schema, lookup: RefLookup, depth: number, spelling: Spelling): string {
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined;
  if (tuple !== undefined) {
    return `[${tuple.map((item) => spell(asSchema(item) ?? {}, lookup, depth + 1, spelling)).join(', ')}]`;
  }
  const items = asSchema(schema.items);
  return items === undefined ? 'array' : `array of ${spell(items, lookup, depth + 1, spelling)}`;
}

function objectText(schema: Schema, lookup: RefLookup, depth: number, spelling: Spelling): string {
  const properties = asSchema(schema.properties);
  if (properties !== undefined) {
    // The constant property that tells the alternatives of a union apart: `object with kind "edit"`.
    for (const [key, value] of Object.entries(properties)) {
      const property = asSchema(value);
      if (property !== undefined && 'const' in property) return `object with ${key} ${literal(property.const)}`;
    }
    return 'object';
  }
  const patterns = asSchema(schema.patternProperties);
  const values = asSchema(schema.additionalProperties) ?? (patterns === undefined ? undefined : onlyValue(patterns));
  return values === undefined ? 'object' : `object with ${spell(values, lookup, depth + 1, spelling)} values`;
}

function onlyValue(map: Schema): Schema | undefined {
  const values = Object.values(map);
  return values.length === 1 ? asSchema(values[0]) : undefined;
}
