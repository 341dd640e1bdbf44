import { type AnyToolDefinition, describeTool, type ToolCategory, toolDescriptionsText } from '@wesgine/schema';

/** The first block of the catalogue of a cell whose OS sandbox was turned off. */
export const SANDBOX_OFF_NOTE =
  "sandbox: off (this cell's programs, exec's commands and the browser, run with the host process's rights, outside the OS sandbox)\n\n";

export interface DescribeToolsOptions {
  /** The category the cell gives a tool (its category map first), which may differ from the declared one. */
  readonly categoryOf: (tool: AnyToolDefinition) => ToolCategory;
  /** The cell runs its programs outside the OS sandbox: the catalogue says so first. */
  readonly sandboxOff: boolean;
}

/**
 * What `GET /tools/descriptions` serves: the plain-text catalogue of `toolDescriptionsText` (its doc
 * comment shows the layout), built from the same description model as the Markdown docs, after the
 * sandbox note when the sandbox is off.
 */
export function describeTools(tools: readonly AnyToolDefinition[], options: DescribeToolsOptions): string {
  const described = tools.map((tool) => describeTool(tool, { category: options.categoryOf(tool) }));
  return (options.sandboxOff ? SANDBOX_OFF_NOTE : '') + toolDescriptionsText(described);
}
