import { ToolError } from '@wesgine/schema';

/** The parts of an MCP `tools/call` result this client reads. */
export interface McpCallResult {
  readonly content?: readonly unknown[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/**
 * What the model reads of an MCP tool's result: the text blocks as they are, every other block described
 * in a line (an image's type and size, a resource's URI and its text), `structuredContent` kept as the
 * result's `data`. A result with `isError` becomes a `handler_failed` error carrying the server's text.
 */
export function mcpResult(result: McpCallResult, server: string): { text: string; data?: unknown } {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const text = blocks.length === 1 ? describeBlock(blocks[0]) : blocks.map(describeBlock).join('\n');
  if (result.isError === true) {
    throw new ToolError(
      'handler_failed',
      text === '' ? `The MCP server ${server} reported an error without a message.` : text,
    );
  }
  const { structuredContent } = result;
  if (structuredContent !== undefined && structuredContent !== null) {
    return { text: text === '' ? JSON.stringify(structuredContent) : text, data: structuredContent };
  }
  return { text: text === '' ? '(the tool returned no content)' : text };
}

function describeBlock(block: unknown): string {
  if (typeof block !== 'object' || block === null) return '[content the client cannot read]';
  const item = block as Record<string, unknown>;
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? item.text : '';
    case 'image':
    case 'audio':
      return `[${item.type}: ${String(item.mimeType ?? 'unknown type')}, ${base64Size(item.data)}]`;
    case 'resource':
      return embeddedResource(item.resource);
    case 'resource_link': {
      const about = typeof item.description === 'string' ? `: ${item.description}` : '';
      return `[resource link: ${String(item.name ?? item.uri)} at ${String(item.uri)}${about}]`;
    }
    default:
      return `[${typeof item.type === 'string' ? item.type : 'unknown'} content]`;
  }
}

function embeddedResource(resource: unknown): string {
  if (typeof resource !== 'object' || resource === null) return '[resource without contents]';
  const { uri, mimeType, text, blob } = resource as Record<string, unknown>;
  const kind = typeof mimeType === 'string' ? `, ${mimeType}` : '';
  if (typeof text === 'string') return `[resource ${String(uri)}${kind}]\n${text}`;
  return `[resource ${String(uri)}${kind}, ${base64Size(blob)} of binary data, not shown]`;
}

function base64Size(data: unknown): string {
  if (typeof data !== 'string') return 'no data';
  const bytes = Math.floor((data.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
