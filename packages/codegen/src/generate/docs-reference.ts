import { describeTool, type ParameterDescription, type ToolDescription, type ValueDescription } from '@wesgine/schema';
import type { ExportedTool } from './pack-exports.js';

/**
 * The Markdown reference of the pack's tools: an overview table, then a section per tool. Every word
 * comes from `describeTool`, the model `GET /tools/descriptions` prints as plain text; this file only
 * lays it out as Markdown (tables, code blocks) and adds where each tool is defined.
 */
export function docsReference(tools: readonly ExportedTool[]): string {
  return toolsMarkdown(tools.map(({ tool }) => ({ description: describeTool(tool.definition), file: tool.file })));
}

/** One tool to document: its description, and the file that defines it (shown when given). */
export interface DocumentedTool {
  readonly description: ToolDescription;
  readonly file?: string;
}

export function toolsMarkdown(tools: readonly DocumentedTool[]): string {
  const lines = [
    ...table(
      ['tool', 'category', 'what it does'],
      tools.map(({ description }) => [`\`${description.name}\``, description.category, description.summary]),
    ),
    '',
  ];
  for (const tool of tools) lines.push(...toolSection(tool));
  return lines.join('\n');
}

function toolSection({ description: tool, file }: DocumentedTool): string[] {
  const traits = tool.traits.length === 0 ? '' : ` (${tool.traits.join(', ')})`;
  const lines = [`## \`${tool.name}\``, '', tool.description, '', `- category: \`${tool.category}\`${traits}`];
  if (tool.aliases.length > 0) lines.push(`- aliases: ${tool.aliases.map((alias) => `\`${alias}\``).join(', ')}`);
  if (tool.limits.length > 0) lines.push(`- limits: ${tool.limits.join('; ')}`);
  if (file !== undefined) lines.push(`- defined in \`${file}\``);
  lines.push('', '### Parameters', '', ...parametersTable(tool.parameters));
  if (tool.result !== undefined) lines.push('### Result', '', ...resultTable(tool.result));
  if (tool.examples.length > 0) {
    lines.push('### Examples', '');
    for (const example of tool.examples) {
      if (example.description !== undefined) lines.push(`${example.description}:`, '');
      lines.push('```json', JSON.stringify(example.args, null, 2), '```', '');
    }
  }
  return lines;
}

function resultTable(result: ValueDescription): string[] {
  if (result.children.length > 0) return parametersTable(result.children);
  return [`A value of type ${result.type}${result.notes.length === 0 ? '' : ` (${result.notes.join(', ')})`}.`, ''];
}

/** One row per parameter, nested properties after their parent under their full path (`plan[].step`). */
function parametersTable(parameters: readonly ParameterDescription[]): string[] {
  if (parameters.length === 0) return ['None.', ''];
  const rows: string[][] = [];
  const add = (parameter: ParameterDescription) => {
    const notes = parameter.notes.length === 0 ? '' : `(${parameter.notes.join(', ')})`;
    rows.push([
      `\`${parameter.path}\``,
      parameter.type,
      parameter.required ? 'yes' : 'no',
      [parameter.description, notes].filter((part) => part !== '').join(' '),
    ]);
    for (const child of parameter.children) add(child);
  };
  for (const parameter of parameters) add(parameter);
  return [...table(['name', 'type', 'required', 'description'], rows), ''];
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
