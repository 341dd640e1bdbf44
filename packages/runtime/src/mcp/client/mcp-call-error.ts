import { ToolError } from '@wesgine/schema';

// JSON-RPC and MCP wire codes the SDK client raises (its `ErrorCode`), kept apart from our string codes.
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

/** How one failed `tools/call` reads to the model, and whether the connection itself is gone. */
export interface McpCallFailure {
  readonly error: ToolError;
  /** The request never reached an answer because the server is unreachable or closed the connection. */
  readonly connectionLost: boolean;
  /** What was thrown, as one readable phrase (for the server's `lastError`). */
  readonly reason: string;
}

/**
 * Turns what the SDK client threw for a `tools/call` into a `ToolError` the model can act on. An error
 * with a numeric code came from the protocol (the server's answer, a timeout, a closed connection);
 * anything else (a refused connection, an HTTP status, a broken pipe) means the server is out of reach.
 */
export function mcpCallError(thrown: unknown, server: string, tool: string, timeoutMs: number): McpCallFailure {
  return { ...failureOf(thrown, server, tool, timeoutMs), reason: readMessage(thrown) };
}

function failureOf(thrown: unknown, server: string, tool: string, timeoutMs: number): Omit<McpCallFailure, 'reason'> {
  const code = (thrown as { code?: unknown } | null)?.code;
  const message = readMessage(thrown);
  if (typeof code !== 'number') {
    return {
      error: new ToolError(
        'unavailable',
        `The MCP server ${server} could not be reached (${message}); it reconnects by itself, try again shortly.`,
      ),
      connectionLost: true,
    };
  }
  const said = message.replace(/^MCP error -?\d+: /, '');
  switch (code) {
    case CONNECTION_CLOSED:
      return {
        error: new ToolError(
          'unavailable',
          `The MCP server ${server} closed the connection before ${tool} answered; it reconnects by itself, try again shortly.`,
        ),
        connectionLost: true,
      };
    case REQUEST_TIMEOUT:
      return {
        error: new ToolError('timeout', `The MCP server ${server} did not answer ${tool} within ${timeoutMs} ms.`),
        connectionLost: false,
      };
    case METHOD_NOT_FOUND:
      return {
        error: new ToolError('unknown_tool', `The MCP server ${server} does not know ${tool}: ${said}`),
        connectionLost: false,
      };
    case INVALID_PARAMS:
      // The SDK checks structured results against the tool's outputSchema: a mismatch is the server's fault.
      if (/structured content|output schema/i.test(said)) {
        return {
          error: new ToolError(
            'handler_failed',
            `The MCP server ${server} answered ${tool} with a result that breaks its own output schema: ${said}`,
          ),
          connectionLost: false,
        };
      }
      return {
        error: new ToolError('invalid_arguments', `The MCP server ${server} refused the arguments of ${tool}: ${said}`),
        connectionLost: false,
      };
    default:
      return {
        error: new ToolError('handler_failed', `The MCP server ${server} answered ${tool} with an error: ${said}`),
        connectionLost: false,
      };
  }
}

function readMessage(thrown: unknown): string {
  try {
    const message = (thrown as { message?: unknown } | null)?.message;
    const cause = (thrown as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
    const detail =
      typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
    const text = typeof message === 'string' && message !== '' ? message : String(thrown);
    return detail === '' || text.includes(detail) ? text : `${text}: ${detail}`;
  } catch {
    return 'an error that cannot be read';
  }
}
