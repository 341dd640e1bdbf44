import { appendPath, type Compilation, fail, type Mode, member, text } from './compilation.js';
import { escapePointer, joinWords } from './describe-value.js';
import { acceptsAnything, type SchemaNode, type SchemaObject, schemaMap } from './schema-node.js';
import { schemaPhrase } from './schema-summary.js';

const LISTED_NAMES = 20;

/** The object keywords, for a `data` known to be a plain object. */
export function emitObject(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  const lines: string[] = [];
  const properties = schemaMap(schema, 'properties');
  const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : []);
  const known = new Set([...properties.map(([key]) => key), ...required]);
  const schemas = new Map(properties);

  for (const key of known) {
    const value = compilation.variable('value');
    const keyPath = appendPath(path, `/${escapePointer(key)}`);
    const property = schemas.get(key);
    const body = property === undefined ? '' : compilation.emit(property, mode, value, keyPath);
    if (!required.has(key) && body === '') continue;
    lines.push(`const ${value} = ${member(data, key)};`);
    if (required.has(key)) {
      const expected = property === undefined ? '' : `; expected ${schemaPhrase(property, compilation.refs)}`;
      const missing = fail(mode, 'required', keyPath, text(`is required but missing${expected}`));
      lines.push(
        body === ''
          ? `if (${value} === undefined) { ${missing} }`
          : `if (${value} === undefined) { ${missing} } else { ${body} }`,
      );
    } else {
      lines.push(`if (${value} !== undefined) { ${body} }`);
    }
  }

  lines.push(emitOtherKeys(compilation, schema, mode, data, path, known));

  const { minProperties, maxProperties } = schema;
  if (typeof minProperties === 'number' || typeof maxProperties === 'number') {
    const count = compilation.variable('count');
    lines.push(`const ${count} = Object.keys(${data}).length;`);
    if (typeof minProperties === 'number') {
      const message = `${text(`must have at least ${minProperties} properties, got `)} + ${count}`;
      lines.push(`if (${count} < ${minProperties}) { ${fail(mode, 'minProperties', path, message)} }`);
    }
    if (typeof maxProperties === 'number') {
      const message = `${text(`must have at most ${maxProperties} properties, got `)} + ${count}`;
      lines.push(`if (${count} > ${maxProperties}) { ${fail(mode, 'maxProperties', path, message)} }`);
    }
  }
  return lines.join('\n');
}

// `patternProperties` apply to every key that matches; `additionalProperties` to the keys that neither
// `properties` names nor a pattern matches.
function emitOtherKeys(
  compilation: Compilation,
  schema: SchemaObject,
  mode: Mode,
  data: string,
  path: string,
  known: ReadonlySet<string>,
): string {
  const patterns = schemaMap(schema, 'patternProperties');
  const additional = schema.additionalProperties as SchemaNode | undefined;
  const checkAdditional = !acceptsAnything(additional);
  const patternBodies = patterns.map(([pattern, child]) => ({ pattern, child }));
  if (!checkAdditional && patternBodies.every(({ child }) => acceptsAnything(child))) return '';

  const key = compilation.variable('key');
  const value = compilation.variable('value');
  const keyPath = `${appendPath(path, '/')} + escapePointer(${key})`;
  const usesValue = patternBodies.length > 0 || additional !== false;
  const lines = [`for (const ${key} in ${data}) {`, usesValue ? `const ${value} = ${data}[${key}];` : ''];
  const matched = compilation.variable('matched');
  if (checkAdditional && patternBodies.length > 0) lines.push(`let ${matched} = false;`);
  for (const { pattern, child } of patternBodies) {
    const regex = compilation.constant(new RegExp(pattern));
    const body = compilation.emit(child, mode, value, keyPath);
    const mark = checkAdditional ? `${matched} = true;` : '';
    lines.push(`if (${regex}.test(${key})) { ${mark} ${body} }`);
  }
  if (checkAdditional) {
    const isKnown = knownKeyTest(compilation, key, known);
    const unmatched = patternBodies.length > 0 ? `!${matched} && ` : '';
    // Closed: the unknown key, the known one it is most likely a misspelling of, and the allowed ones.
    const body =
      additional === false
        ? fail(
            mode,
            'additionalProperties',
            keyPath,
            `"unknown key " + quote(${key}) + didYouMean(${key}, ${compilation.constant([...known])}) + ${text(allowedText(known, patterns))}`,
          )
        : compilation.emit(additional ?? true, mode, value, keyPath);
    lines.push(`if (${unmatched}!(${isKnown})) { ${body} }`);
  }
  lines.push('}');
  return lines.join('\n');
}

function knownKeyTest(compilation: Compilation, key: string, known: ReadonlySet<string>): string {
  if (known.size === 0) return 'false';
  if (known.size <= 8) return [...known].map((name) => `${key} === ${text(name)}`).join(' || ');
  return `${compilation.constant(new Set(known))}.has(${key})`;
}

function allowedText(known: ReadonlySet<string>, patterns: readonly [string, SchemaNode][]): string {
  const names = [...known].slice(0, LISTED_NAMES).map((name) => JSON.stringify(name));
  if (known.size > LISTED_NAMES) names.push(`… (${known.size} in all)`);
  const parts = names.length > 0 ? [joinWords(names, 'and')] : [];
  if (patterns.length > 0) parts.push(`names matching ${patterns.map(([pattern]) => `/${pattern}/`).join(' or ')}`);
  if (parts.length === 0) return '; this object takes no keys';
  return `; the keys allowed here are ${parts.join(', and ')}`;
}
