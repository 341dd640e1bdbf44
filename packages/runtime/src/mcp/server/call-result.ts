import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../../pipeline/tool-result.js';

/** The `_meta` key that carries a failed call's code (`path_not_allowed`, `denied`, ...). */
export const CODE_META_KEY = 'wesgine/code';

/**
 * A pipeline result as an MCP `tools/call` result: the text the model reads as one text block, a
 * failure as `isError` with its code in `_meta["wesgine/code"]`, and, for a tool with a result schema,
 * the data as `structuredContent` in the shape its `outputSchema` promises. A successful call of such a
 * tool that brought no data is a failure: the client would reject the result otherwise. Where the full
 * text was spilled (`wesgine/spilledTo`) and a cycle escalation (`wesgine/escalated`) go in `_meta` too.
 */
export function callResult(
  tool: string,
  result: ToolResult,
  structured: ((data: unknown) => unknown) | undefined,
): CallToolResult {
  const meta = {
    ...(result.spilledTo === undefined ? {} : { 'wesgine/spilledTo': result.spilledTo }),
    ...(result.escalated === true ? { 'wesgine/escalated': true } : {}),
  };
  if (result.isError) return failure(result.text, result.code ?? 'handler_failed', meta);
  const extra = Object.keys(meta).length === 0 ? {} : { _meta: meta };
  if (structured === undefined) return { content: [{ type: 'text', text: result.text }], ...extra };
  if (result.data === undefined) {
    return failure(
      `${tool} returned no data, though its result schema promises structured content; the text it returned was:\n${result.text}`,
      'handler_failed',
      meta,
    );
  }
  const structuredContent = structured(result.data) as Record<string, unknown>;
  return { content: [{ type: 'text', text: result.text }], structuredContent, ...extra };
}

/** A failed call: the message the model reads, and its code for programs. */
export function failure(text: string, code: string, meta: Record<string, unknown> = {}): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true, _meta: { [CODE_META_KEY]: code, ...meta } };
}
