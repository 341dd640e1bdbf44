import { toolNameProblem } from '@wesgine/schema';
import { compareText } from '../compare-text.js';
import { registeredName } from './mcp-identifiers.js';
import type { McpToolListing } from './mcp-listing.js';

/** The tools a cell registers from a listing, sorted by name, and the ones it leaves out with why. */
export interface ImportableTools {
  readonly tools: readonly McpToolListing[];
  readonly skipped: readonly { readonly name: string; readonly reason: string }[];
}

/**
 * What a cell's MCP client would register (so typing the others would only type calls that fail): a
 * tool whose registered name is no valid tool name, one that runs only as an MCP task, or one whose
 * input schema is not an object schema is left out. With an allow list (`upsert({ tools })`), only
 * the tools it names are kept; the others are left out without a word.
 */
export function importableTools(
  listed: readonly McpToolListing[],
  settings: { readonly prefix?: string; readonly allow?: readonly string[] },
): ImportableTools {
  const { prefix, allow } = settings;
  const tools: McpToolListing[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const tool of [...listed].sort((a, b) => compareText(a.name, b.name))) {
    if (allow !== undefined && !allow.includes(tool.name)) continue;
    const reason = leftOut(tool, prefix);
    if (reason === undefined) tools.push(tool);
    else skipped.push({ name: tool.name, reason });
  }
  return { tools, skipped };
}

function leftOut(tool: McpToolListing, prefix: string | undefined): string | undefined {
  const nameProblem = toolNameProblem(registeredName(prefix, tool.name));
  if (nameProblem !== undefined) return `its name cannot be a tool's in a cell: ${nameProblem}`;
  if (tool.taskOnly === true) return 'it runs only as an MCP task, which a cell does not start';
  const schema = tool.inputSchema as { type?: unknown } | null;
  if (typeof schema !== 'object' || schema === null || schema.type !== 'object') {
    return 'its inputSchema is not an object schema';
  }
  return undefined;
}
