import { declaredCategory } from '@wesgine/schema';
import { firstSentence } from './first-sentence.js';
import type { ExportedTool } from './pack-exports.js';

type Schema = Record<string, unknown>;

/** The Markdown reference of the pack's tools: an overview table, then a section per tool. */
export function docsReference(tools: readonly ExportedTool[]): string {
  const lines = [
    ...table(
      ['tool', 'category', 'what it does'],
      tools.map(({ tool }) => [
        `\`${tool.name}\``,
        declaredCategory(tool.definition.meta),
        firstSentence(tool.definition.description),
      ]),
    ),
    '',
  ];
  for (const exported of tools) lines.push(...toolSection(exported));
  return lines.join('\n');
}

function toolSection({ tool, json }: ExportedTool): string[] {
  const { meta, examples } = tool.definition;
  const lines = [`## \`${tool.name}\``, '', tool.definition.description.trim(), '', `- category: ${traits(tool)}`];
  const limits = [
    meta.timeoutMs === undefined ? undefined : `times out after ${meta.timeoutMs} ms`,
    meta.outputBudget === undefined ? undefined : `output cut at ${meta.outputBudget} characters`,
  ].filter((item) => item !== undefined);
  if (limits.length > 0) lines.push(`- limits: ${limits.join('; ')}`);
  const { aliases } = tool.definition.meta;
  if (aliases !== undefined && aliases.length > 0) {
    lines.push(`- also answers to: ${aliases.map((alias) => `\`${alias}\``).join(', ')}`);
  }
  lines.push(`- defined in \`${tool.file}\``, '', '### Parameters', '', ...propertiesTable(json.parameters));
  if (json.result !== undefined) lines.push('### Result', '', ...propertiesTable(json.result));
  if (examples.length > 0) {
    lines.push('### Examples', '');
    for (const example of examples) {
      if (example.description !== undefined) lines.push(`${example.description}:`, '');
      lines.push('```json', JSON.stringify(example.args, null, 2), '```', '');
    }
  }
  return lines;
}

function traits(tool: ExportedTool['tool']): string {
  const { meta } = tool.definition;
  const flags = [
    meta.progressAware === true ? 'progress-aware' : undefined,
    meta.destructive === true ? 'destructive' : undefined,
    meta.idempotent === true ? 'idempotent' : undefined,
    meta.openWorld === true ? 'reaches the network' : undefined,
    meta.strict === true ? 'strict schema' : undefined,
  ].filter((item) => item !== undefined);
  const category = `\`${declaredCategory(meta)}\``;
  return flags.length === 0 ? category : `${category} (${flags.join(', ')})`;
}

function propertiesTable(schema: Schema): string[] {
  const properties = schema.properties;
  if (schema.type !== 'object' || typeof properties !== 'object' || properties === null) {
    return [`A value of type ${typeSummary(schema)}.`, ''];
  }
  const entries = Object.entries(properties as Record<string, Schema>);
  if (entries.length === 0) return ['None.', ''];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return [
    ...table(
      ['name', 'type', 'required', 'description'],
      entries.map(([name, property]) => [
        `\`${name}\``,
        typeSummary(property),
        required.has(name) ? 'yes' : 'no',
        [text(property.description), constraints(property)].filter((part) => part !== '').join(' '),
      ]),
    ),
    '',
  ];
}

/** A short, human type name: `string (path, read)`, `integer`, `'a' \| 'b'`, `string[]`. */
export function typeSummary(schema: Schema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return (branches as Schema[]).map(typeSummary).join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = schema.type;
  if (type === 'array') {
    const items = schema.items;
    return typeof items === 'object' && items !== null && !Array.isArray(items)
      ? `${wrap(typeSummary(items as Schema))}[]`
      : 'array';
  }
  if (type === 'string') {
    const marks = [
      typeof schema['x-wesgine-path'] === 'string' ? `path, ${schema['x-wesgine-path']}` : undefined,
      schema['x-wesgine-url'] === true ? 'URL' : undefined,
      schema['x-wesgine-command'] === true ? 'command' : undefined,
      typeof schema.format === 'string' ? schema.format : undefined,
    ].filter((item) => item !== undefined);
    return marks.length === 0 ? 'string' : `string (${marks.join(', ')})`;
  }
  if (Array.isArray(type)) return type.join(' | ');
  return typeof type === 'string' ? type : 'any';
}

function constraints(schema: Schema): string {
  const parts: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    if (typeof low === 'number' && typeof high === 'number') parts.push(`${low} to ${high}${unit}`);
    else if (typeof low === 'number') parts.push(`at least ${low}${unit}`);
    else if (typeof high === 'number') parts.push(`at most ${high}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (typeof schema.pattern === 'string') parts.push(`matches \`${schema.pattern}\``);
  if ('default' in schema) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.length === 0 ? '' : `(${parts.join('; ')})`;
}

function wrap(summary: string): string {
  return summary.includes(' ') ? `(${summary})` : summary;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A Markdown table with its columns padded to one width, as Markdown formatters lay tables out. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const clean = (cell: string) => cell.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
  const cells = [header, ...rows].map((row) => row.map(clean));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}
