import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  type AnyToolDefinition,
  compileValidator,
  type DialectExport,
  exportTool,
  resolveCategory,
} from '@wesgine/schema';
import type { Cell } from '../../engine/cell.js';
import { toolAnnotations } from '../../registry/remote-tool.js';

/** A handler's result data as `structuredContent`, or why it cannot be (it breaks the result schema). */
export type StructuredData = { readonly content: Record<string, unknown> } | { readonly problems: string };

/** One tool as an MCP client sees it, and how its result data becomes `structuredContent`. */
export interface ListedTool {
  readonly entry: Tool;
  /** Set when the tool has a result schema: the data in the shape `outputSchema` promises. */
  readonly structured: ((data: unknown) => StructuredData) | undefined;
}

/** The run's tools as a `tools/list` answer, with a fingerprint that changes when the list does. */
export interface ToolListing {
  readonly fingerprint: string;
  readonly tools: readonly ListedTool[];
  /** Tools left out because no MCP declaration can be made of their schema, with the reason. */
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
}

const ids = new WeakMap<AnyToolDefinition, number>();
let nextId = 0;

/**
 * What identifies a list of definitions: their names and each definition object (a source that
 * replaces a tool with a changed schema gives a new object under the same name).
 */
export function listingFingerprint(definitions: readonly AnyToolDefinition[]): string {
  return definitions
    .map((definition) => {
      let id = ids.get(definition);
      if (id === undefined) {
        nextId += 1;
        id = nextId;
        ids.set(definition, id);
      }
      return `${definition.name}#${id}`;
    })
    .join('\n');
}

/**
 * The definitions in the MCP dialect (`exportTool(..., 'mcp')`: names made legal, `outputSchema`
 * from the result schema), with annotations from the category the cell resolves for each tool (its
 * category map first, then the tool's meta), so `readOnlyHint` says what governance believes.
 */
export function toolListing(cell: Cell, definitions: readonly AnyToolDefinition[]): ToolListing {
  const otherNames = definitions.map((definition) => definition.name);
  const tools: ListedTool[] = [];
  const skipped: { tool: string; reason: string }[] = [];
  for (const definition of definitions) {
    let exported: DialectExport;
    try {
      exported = exportTool(definition, 'mcp', { otherNames });
    } catch (error) {
      // A source's schema the dialect cannot take (a `$ref` to nowhere): the other tools are still listed.
      skipped.push({ tool: definition.name, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    tools.push(listedTool(cell, definition, exported));
  }
  return { fingerprint: listingFingerprint(definitions), tools, skipped };
}

function listedTool(cell: Cell, definition: AnyToolDefinition, exported: DialectExport): ListedTool {
  const { declaration } = exported;
  const resolved = resolveCategory(definition.name, {
    engine: cell.engine.categories,
    ...(cell.spec.extraCategories === undefined ? {} : { cell: cell.spec.extraCategories }),
    meta: definition.meta,
  });
  const annotations = toolAnnotations(definition.meta, resolved.category === 'exploration');
  const entry = { ...declaration, annotations } as unknown as Tool;
  if (declaration.outputSchema === undefined) return { entry, structured: undefined };
  return { entry, structured: structuredData(definition, exported) };
}

/**
 * Checks the data against the tool's result schema before it is sent: the client checks
 * `structuredContent` against `outputSchema` and throws away the whole result when it does not match,
 * so the model would read nothing. A schema the validator cannot take is left to the client.
 */
function structuredData(definition: AnyToolDefinition, exported: DialectExport): (data: unknown) => StructuredData {
  let check: ((data: unknown) => string | undefined) | undefined;
  try {
    const validator = compileValidator(definition.result as NonNullable<AnyToolDefinition['result']>);
    check = (data) => {
      if (validator.check(data)) return undefined;
      return validator
        .issuesOfRejected(data)
        .map((issue) => `- ${issue.path === '' ? '(result)' : issue.path}: ${issue.message}`)
        .join('\n');
    };
  } catch {
    check = undefined;
  }
  return (data) => {
    const problems = check?.(data);
    if (problems !== undefined) return { problems };
    return { content: exported.encodeResult(data) as Record<string, unknown> };
  };
}
