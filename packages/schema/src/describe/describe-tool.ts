import { declaredCategory } from '../category/resolve-category.js';
import type { ToolCategory, ToolMeta } from '../tool/tool-meta.js';
import { describeWholeValue } from './describe-value.js';
import { firstSentence } from './first-sentence.js';
import { count, duration } from './plain-numbers.js';
import { refLookup, type Schema } from './schema-refs.js';
import type { ToolDescription } from './tool-description.js';

/**
 * What `describeTool` reads: a `defineTool` definition, or any tool of that shape whose schemas are
 * JSON Schema (an MCP server's, a plugin's).
 */
export interface DescribableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: object;
  readonly result?: object | undefined;
  readonly meta?: ToolMeta | undefined;
  readonly examples?: readonly { readonly description?: string | undefined; readonly args: unknown }[] | undefined;
}

export interface DescribeToolOptions {
  /** The category to show: a cell's resolved one. The tool's declared category when left out. */
  readonly category?: ToolCategory;
}

/**
 * The one description of a tool that every listing renders: the plain-text catalogue
 * (`toolDescriptionsText`, served by `GET /tools/descriptions`) and the Markdown reference in
 * `docs/tools.md`. Every phrase is decided here, so the two cannot say different things.
 */
export function describeTool(tool: DescribableTool, options: DescribeToolOptions = {}): ToolDescription {
  const meta = tool.meta ?? {};
  const parameters = tool.parameters as Schema;
  const result = tool.result as Schema | undefined;
  const description = tool.description.trim();
  return {
    name: tool.name,
    aliases: [...(meta.aliases ?? [])],
    category: options.category ?? declaredCategory(meta),
    traits: traitsOf(meta),
    limits: limitsOf(meta),
    description,
    summary: firstSentence(description),
    parameters: describeWholeValue(parameters, refLookup(parameters)).children,
    ...(result === undefined ? {} : { result: describeWholeValue(result, refLookup(result)) }),
    examples: (tool.examples ?? []).map((example) =>
      example.description === undefined
        ? { args: example.args }
        : { description: example.description, args: example.args },
    ),
  };
}

function traitsOf(meta: ToolMeta): string[] {
  return [
    meta.progressAware === true ? 'progress-aware' : undefined,
    meta.destructive === true ? 'destructive' : undefined,
    meta.idempotent === true ? 'idempotent' : undefined,
    meta.openWorld === true ? 'reaches the network' : undefined,
    meta.strict === true ? 'strict schema' : undefined,
  ].filter((trait) => trait !== undefined);
}

function limitsOf(meta: ToolMeta): string[] {
  return [
    meta.timeoutMs === undefined ? undefined : `times out after ${duration(meta.timeoutMs)}`,
    meta.outputBudget === undefined ? undefined : `output cut at ${count(meta.outputBudget, 'character')}`,
  ].filter((limit) => limit !== undefined);
}
