import type { ParameterDescription, ToolDescription } from './tool-description.js';

/**
 * The plain-text catalogue: one block per tool, in the order given, a blank line between blocks and
 * nowhere else. A block reads
 *
 *     name: read_file
 *     aliases: cat
 *     category: exploration (idempotent)
 *     limits: times out after 10 seconds; output cut at 20,000 characters
 *     description: Read a text file.
 *       (further lines of the description, indented)
 *     parameters:
 *       - path (string, required, a path it reads): The file to read.
 *       - limit (integer, optional, at least 1, default 100): How many lines.
 *     examples:
 *       - The first lines: {"path":"README.md"}
 *
 * `aliases`, `limits` and `examples` only when the tool has some; `parameters: none` for a tool without
 * any. Properties of nested objects (and of arrays of objects, and of the forms of a union of objects)
 * are listed under their parent, two spaces deeper. Blank lines inside a description are dropped so that a blank line always separates two tools.
 */
export function toolDescriptionsText(tools: readonly ToolDescription[]): string {
  return tools.map((tool) => `${toolText(tool)}\n`).join('\n');
}

function toolText(tool: ToolDescription): string {
  const [first = '', ...rest] = tool.description.split('\n').filter((line) => line.trim() !== '');
  const parameters = tool.parameters.flatMap((parameter) => parameterLines(parameter, '  '));
  return [
    `name: ${tool.name}`,
    ...(tool.aliases.length === 0 ? [] : [`aliases: ${tool.aliases.join(', ')}`]),
    `category: ${tool.category}${tool.traits.length === 0 ? '' : ` (${tool.traits.join(', ')})`}`,
    ...(tool.limits.length === 0 ? [] : [`limits: ${tool.limits.join('; ')}`]),
    `description: ${first.trim()}`,
    ...rest.map((line) => `  ${line.trim()}`),
    parameters.length === 0 ? 'parameters: none' : 'parameters:',
    ...parameters,
    ...(tool.examples.length === 0 ? [] : ['examples:']),
    ...tool.examples.map(
      (example) =>
        `  - ${example.description === undefined ? '' : `${oneLine(example.description)}: `}${JSON.stringify(example.args)}`,
    ),
  ].join('\n');
}

function parameterLines(parameter: ParameterDescription, indent: string): string[] {
  const summary = [parameter.type, parameter.required ? 'required' : 'optional', ...parameter.notes].join(', ');
  const description = parameter.description === '' ? '' : `: ${parameter.description}`;
  return [
    `${indent}- ${parameter.name} (${summary})${description}`,
    ...parameter.children.flatMap((child) => parameterLines(child, `${indent}  `)),
  ];
}

function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, ' ');
}
