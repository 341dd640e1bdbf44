import { type Compilation, type EmitSchema, fail, type Mode, text } from './compilation.js';
import { emitArray } from './emit-array.js';
import { emitCombinators } from './emit-combinators.js';
import { emitConditional, emitContains, emitDependent } from './emit-dependent.js';
import { emitObject } from './emit-object.js';
import { emitNumber, emitString } from './emit-scalars.js';
import { constMessage, emitValues, enumMessage } from './emit-values.js';
import { type SchemaObject, typesOf, UNSUPPORTED_KEYWORDS } from './schema-node.js';
import { typePhrase } from './schema-summary.js';

const GROUPS = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'minProperties',
    'maxProperties',
    'propertyNames',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
  ],
  array: ['items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
} as const;

type Group = keyof typeof GROUPS;

const KNOWN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** The statements that validate variable `data` against one schema (the compiler's dispatcher). */
export const emitSchema: EmitSchema = (compilation, schema, mode, data, path) => {
  if (schema === true) return '';
  if (schema === false) return fail(mode, 'false', path, text('is not allowed here'));
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Error(`expected a JSON Schema (an object or a boolean), got ${JSON.stringify(schema)}`);
  }
  for (const keyword of Object.keys(schema)) {
    if (UNSUPPORTED_KEYWORDS.has(keyword)) {
      throw new Error(`the JSON Schema keyword "${keyword}" is not supported by the @wesgine/schema validator`);
    }
  }
  const lines: string[] = [];
  if (typeof schema.$ref === 'string') {
    const target = compilation.functionFor(compilation.refs.resolve(schema.$ref), mode);
    lines.push(mode === 'check' ? `if (!${target}(${data})) return false;` : `${target}(${data}, ${path}, issues);`);
  }
  const types = typesOf(schema);
  const body = [
    ...(Object.keys(GROUPS) as Group[]).map((group) => emitGroup(compilation, schema, mode, data, path, group, types)),
    emitValues(compilation, schema, mode, data, path),
    emitCombinators(compilation, schema, mode, data, path),
    emitConditional(compilation, schema, mode, data, path),
  ]
    .filter((part) => part !== '')
    .join('\n');
  if (types === undefined) {
    lines.push(body);
  } else {
    for (const type of types) if (!KNOWN_TYPES.has(type)) throw new Error(`the JSON type "${type}" is not supported`);
    const test = types.map((type) => typeTest(type, data)).join(' || ');
    const wrongType = fail(mode, typeKeyword(schema), path, typeMessage(schema, types, data));
    lines.push(body === '' ? `if (!(${test})) { ${wrongType} }` : `if (!(${test})) { ${wrongType} } else { ${body} }`);
  }
  return lines.join('\n');
};

function emitGroup(
  compilation: Compilation,
  schema: SchemaObject,
  mode: Mode,
  data: string,
  path: string,
  group: Group,
  types: readonly string[] | undefined,
): string {
  if (!GROUPS[group].some((keyword) => schema[keyword] !== undefined)) return '';
  const members = group === 'number' ? ['number', 'integer'] : [group];
  const relevant = types === undefined || types.some((type) => members.includes(type));
  if (!relevant) return '';
  const body =
    group === 'string'
      ? emitString(compilation, schema, mode, data, path)
      : group === 'number'
        ? emitNumber(schema, mode, data, path)
        : group === 'object'
          ? join(
              emitObject(compilation, schema, mode, data, path),
              emitDependent(compilation, schema, mode, data, path),
            )
          : join(emitArray(compilation, schema, mode, data, path), emitContains(compilation, schema, mode, data, path));
  if (body === '') return '';
  const implied = types?.every((type) => members.includes(type)) === true;
  return implied ? body : `if (${typeTest(group, data)}) { ${body} }`;
}

function join(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('\n');
}

function typeTest(type: string, data: string): string {
  switch (type) {
    case 'string':
      return `typeof ${data} === "string"`;
    case 'number':
      return `Number.isFinite(${data})`;
    case 'integer':
      return `Number.isInteger(${data})`;
    case 'boolean':
      return `typeof ${data} === "boolean"`;
    case 'null':
      return `${data} === null`;
    case 'object':
      return `(typeof ${data} === "object" && ${data} !== null && !Array.isArray(${data}))`;
    default:
      return `Array.isArray(${data})`;
  }
}

// A literal (`const`) or an enum says more than its type: "must be "read"" rather than "must be a string".
function typeKeyword(schema: SchemaObject): string {
  if ('const' in schema) return 'const';
  return Array.isArray(schema.enum) ? 'enum' : 'type';
}

function typeMessage(schema: SchemaObject, types: readonly string[], data: string): string {
  if ('const' in schema) return constMessage(schema, data);
  if (Array.isArray(schema.enum)) return enumMessage(schema, data);
  return `${text(`must be ${typePhrase(types)}, got `)} + describeValue(${data})`;
}
