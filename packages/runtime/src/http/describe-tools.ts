import { COMMAND_KEYWORD, PATH_KEYWORD, type ToolCategory, URL_KEYWORD } from '@wesgine/schema';

/** One tool as `GET /tools/descriptions` prints it; `parameters` is the JSON Schema form. */
export interface DescribedTool {
  readonly name: string;
  readonly category: ToolCategory;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

type Schema = Readonly<Record<string, unknown>>;

/** How deep nested object parameters are listed; deeper ones show as `object`. */
const NESTING_SHOWN = 3;

/** How deep a type is spelled out (`array of array of ...`, unions in unions); deeper is `...`. */
const TYPE_DEPTH_SHOWN = 8;

/**
 * The plain-text catalogue: one block per tool, in the order given, a blank line between blocks and
 * nowhere else. A block reads
 *
 *     name: read_file
 *     category: exploration
 *     description: Read a text file.
 *       (further lines of the description, indented)
 *     parameters:
 *       - path (string, required, a path it reads): The file to read.
 *       - limit (integer, optional, >= 1, default 100): How many lines.
 *
 * `parameters: none` for a tool without any. Properties of nested objects (and of arrays of objects)
 * are listed under their parent, two spaces deeper. Blank lines inside a description are dropped so
 * that a blank line always separates two tools.
 */
/** The first block of the catalogue of a cell whose OS sandbox was turned off. */
export const SANDBOX_OFF_NOTE =
  "sandbox: off (this cell's programs, exec's commands and the browser, run with the host process's rights, outside the OS sandbox)\n\n";

export function describeTools(tools: readonly DescribedTool[]): string {
  return tools.map((tool) => `${describeTool(tool)}\n`).join('\n');
}

function describeTool(tool: DescribedTool): string {
  const [first = '', ...rest] = tool.description.split('\n').filter((line) => line.trim() !== '');
  const parameters = propertyLines(tool.parameters, '  ', 1);
  return [
    `name: ${tool.name}`,
    `category: ${tool.category}`,
    `description: ${first.trim()}`,
    ...rest.map((line) => `  ${line.trim()}`),
    parameters.length === 0 ? 'parameters: none' : 'parameters:',
    ...parameters,
  ].join('\n');
}

function propertyLines(schema: Schema, indent: string, depth: number): string[] {
  const properties = asSchema(schema.properties);
  if (properties === undefined) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  const lines: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = asSchema(value) ?? {};
    const summary = [typeOf(property, 0), required.includes(name) ? 'required' : 'optional', ...qualifiers(property)];
    const description = typeof property.description === 'string' ? property.description.trim() : '';
    lines.push(`${indent}- ${name} (${summary.join(', ')})${description === '' ? '' : `: ${oneLine(description)}`}`);
    const nested = asSchema(property.items) ?? property;
    if (depth < NESTING_SHOWN) lines.push(...propertyLines(nested, `${indent}  `, depth + 1));
  }
  return lines;
}

function typeOf(schema: Schema, depth: number): string {
  // A source's schema may nest without end (an MCP server's, say): the words stop, not the stack.
  if (depth >= TYPE_DEPTH_SHOWN) return '...';
  if (typeof schema.$ref === 'string') return `see ${schema.$ref}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return oneOf(schema.enum);
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (members !== undefined) {
    const schemas = members.map((member) => asSchema(member) ?? {});
    // A union of constants (TypeBox's `Union` of `Literal`s, `Enum`) reads as a list of values.
    if (schemas.every((member) => member.const !== undefined)) return oneOf(schemas.map((member) => member.const));
    return schemas.map((member) => typeOf(member, depth + 1)).join(' | ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    const items = asSchema(schema.items);
    return items === undefined ? 'array' : `array of ${typeOf(items, depth + 1)}`;
  }
  return typeof type === 'string' ? type : 'any value';
}

function qualifiers(schema: Schema): string[] {
  const found: string[] = [];
  const path = schema[PATH_KEYWORD];
  if (path === 'read') found.push('a path it reads');
  if (path === 'write') found.push('a path it writes');
  if (schema[COMMAND_KEYWORD] === true) found.push('a shell command');
  if (schema[URL_KEYWORD] === true) found.push('a URL');
  if (typeof schema.format === 'string') found.push(`format ${schema.format}`);
  const bounds: [string, string][] = [
    ['minimum', '>='],
    ['exclusiveMinimum', '>'],
    ['maximum', '<='],
    ['exclusiveMaximum', '<'],
    ['multipleOf', 'multiple of'],
  ];
  for (const [keyword, words] of bounds) {
    if (typeof schema[keyword] === 'number') found.push(`${words} ${schema[keyword]}`);
  }
  const length = range(schema.minLength, schema.maxLength);
  if (length !== undefined) found.push(`length ${length}`);
  if (typeof schema.pattern === 'string') found.push(`matching ${schema.pattern}`);
  const items = range(schema.minItems, schema.maxItems);
  if (items !== undefined) found.push(`${items} items`);
  if (schema.uniqueItems === true) found.push('no duplicates');
  if (schema.default !== undefined) found.push(`default ${JSON.stringify(schema.default)}`);
  return found;
}

function oneOf(values: readonly unknown[]): string {
  return `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
}

function range(low: unknown, high: unknown): string | undefined {
  const min = typeof low === 'number' ? low : undefined;
  const max = typeof high === 'number' ? high : undefined;
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return undefined;
}

function asSchema(value: unknown): Schema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
