import { type AnyToolDefinition, type DialectName, exportTools, type PropertyName } from '@wesgine/schema';

/** One tool in `GET /tools?dialect=`: its declaration as the provider takes it, and the way back. */
export interface ListedDeclaration {
  /** The tool's own name: what `POST /tools/:tool/call` and the audit use. */
  readonly tool: string;
  /** The name the declaration gives it, which the provider's model calls it by. */
  readonly name: string;
  /** Exactly the provider's tool object, ready for a request body. */
  readonly declaration: Record<string, unknown>;
  /**
   * Only when the declaration renames properties (Gemini takes no `-n` or `file.name`): each one's
   * pointer in the declaration's parameters schema, the name sent and the tool's own. A call in the dialect is decoded back
   * by the runtime; this is for a client that reads the arguments itself.
   */
  readonly propertyNames?: readonly PropertyName[];
}

/**
 * `tools` in `dialect`, in their order, provider names made distinct across the set. The declaration is
 * left as the provider wants it (nothing of ours added inside), so a client sends it as it is and maps a
 * call by `name` back to `tool`.
 */
export function dialectListing(tools: readonly AnyToolDefinition[], dialect: DialectName): ListedDeclaration[] {
  return exportTools(tools, dialect).map((exported) => ({
    tool: exported.loss.tool,
    name: exported.name,
    declaration: exported.declaration,
    ...(exported.propertyNames.length === 0 ? {} : { propertyNames: exported.propertyNames }),
  }));
}
