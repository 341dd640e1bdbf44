/** How deep a server's schema may nest before the rest is typed `unknown`. */
const MAX_DEPTH = 64;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['additionalProperties', 'additionalItems', 'items'] as const;
/** Keywords whose value is a list of schemas. */
const LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf'] as const;
/** Keywords whose value maps names to schemas. */
const MAP_KEYWORDS = ['properties', 'patternProperties'] as const;

/**
 * A server's JSON Schema as json-schema-to-typescript should read it, for a schema nobody here wrote.
 * Only the keywords that shape a TypeScript type are kept (`type`, `properties`, `required`, `items`,
 * `enum` and `const` of plain values, the combinators, `description`, ...): json-schema-to-typescript's
 * own extensions (`tsType`, `tsEnumNames`) would print the server's text as code, and `title`/`$id`
 * would name nested types. Local definitions (`$defs`, `definitions`) move into `definitions` as
 * `<owner>_<Name>`, and `$ref`s to them (and `#`, the schema itself) are rewritten; a `$ref` to anything
 * else is never followed (json-schema-to-typescript would read files or fetch addresses): that part is
 * typed `unknown` and `warn` is told, as for a schema nested past 64 levels.
 */
export function mcpSchemaToJstt(
  schema: unknown,
  owner: string,
  definitions: Record<string, unknown>,
  warn: (message: string) => void,
): unknown {
  const names = new Map<string, string>();
  const record = asRecord(schema);
  for (const keyword of ['$defs', 'definitions']) {
    const defs = asRecord(record?.[keyword]);
    if (defs === undefined) continue;
    for (const key of Object.keys(defs)) {
      const name = uniqueName(`${owner}_${pascal(key)}`, definitions, names);
      names.set(`#/${keyword}/${escapePointer(key)}`, name);
    }
  }
  const convert = (node: unknown, depth: number): unknown => {
    if (node === true) return { tsType: 'unknown' };
    if (node === false) return { tsType: 'never' };
    const source = asRecord(node);
    if (source === undefined) return { tsType: 'unknown' };
    if (depth > MAX_DEPTH) {
      warn(`it nests deeper than ${MAX_DEPTH} levels; the deeper part is typed unknown`);
      return { tsType: 'unknown' };
    }
    const ref = source.$ref;
    if (typeof ref === 'string') {
      if (ref === '#') return { $ref: `#/definitions/${owner}` };
      const target = names.get(ref);
      if (target !== undefined) return { $ref: `#/definitions/${target}` };
      warn(`its $ref '${ref}' points outside the schema and is not followed; that part is typed unknown`);
      return { tsType: 'unknown' };
    }
    const copy: Record<string, unknown> = {};
    const type = source.type;
    if (typeof type === 'string' && TYPES.has(type)) copy.type = type;
    if (Array.isArray(type)) {
      const kept = type.filter((item): item is string => typeof item === 'string' && TYPES.has(item));
      if (kept.length > 0) copy.type = kept;
    }
    if (typeof source.description === 'string') copy.description = source.description;
    if (source.deprecated === true) copy.deprecated = true;
    if (Array.isArray(source.required)) {
      const required = source.required.filter((item): item is string => typeof item === 'string');
      if (required.length > 0) copy.required = required;
    }
    if (Array.isArray(source.enum) && source.enum.length > 0) {
      if (source.enum.every(isPlain)) copy.enum = source.enum;
      else warn('an enum holds values that are not strings, numbers, booleans or null; it is typed by its type alone');
    }
    if (Object.hasOwn(source, 'const') && isPlain(source.const)) copy.const = source.const;
    for (const keyword of SCHEMA_KEYWORDS) {
      const value = source[keyword];
      if (value === undefined) continue;
      if (keyword === 'items' && Array.isArray(value)) copy.items = value.map((item) => convert(item, depth + 1));
      else if (typeof value === 'boolean' && keyword === 'additionalProperties') copy.additionalProperties = value;
      else copy[keyword] = convert(value, depth + 1);
    }
    for (const keyword of LIST_KEYWORDS) {
      const value = source[keyword];
      if (Array.isArray(value) && value.length > 0) copy[keyword] = value.map((item) => convert(item, depth + 1));
    }
    for (const keyword of MAP_KEYWORDS) {
      const value = asRecord(source[keyword]);
      if (value === undefined) continue;
      copy[keyword] = Object.fromEntries(Object.keys(value).map((key) => [key, convert(value[key], depth + 1)]));
    }
    return copy;
  };
  for (const keyword of ['$defs', 'definitions']) {
    const defs = asRecord(record?.[keyword]);
    if (defs === undefined) continue;
    for (const key of Object.keys(defs)) {
      const name = names.get(`#/${keyword}/${escapePointer(key)}`);
      if (name !== undefined) definitions[name] = convert(defs[key], 1);
    }
  }
  return convert(schema, 0);
}

/** A name for a lifted definition that no other definition of this import has. */
function uniqueName(wanted: string, definitions: Record<string, unknown>, taken: ReadonlyMap<string, string>): string {
  const used = new Set([...Object.keys(definitions), ...taken.values()]);
  let name = wanted;
  for (let index = 2; used.has(name); index++) name = `${wanted}${index}`;
  return name;
}

/** `get-sum`, `fs/read_file`, `2d` -> `GetSum`, `FsReadFile`, `T2d`: letters and digits only, each word raised. */
export function pascal(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const joined = words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('');
  return joined === '' || /^\d/.test(joined) ? `T${joined}` : joined;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function isPlain(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
