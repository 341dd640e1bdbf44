import type { ToolContext, ToolError } from '@wesgine/schema';
import { HandlerContext } from '../../pipeline/handler-context.js';
import type { AnyHandler } from '../../registry/registered-tool.js';
import { mcpCallError } from './mcp-call-error.js';
import type { CallListeners, McpConnection, ProgressUpdate, ServerLogLevel } from './mcp-connection.js';
import { type McpCallResult, mcpResult } from './mcp-result.js';
import { RequestSignal } from './request-signal.js';
import { withResolvedPaths } from './resolved-arguments.js';

/** The SDK's own timer is set this much later than the pipeline's, so the pipeline's always fires first. */
const SDK_GRACE_MS = 5_000;

/** What the handler of one MCP tool needs from its server's source. */
export interface McpToolCall {
  /** The server's config name, for messages. */
  readonly server: string;
  /** The tool's name on the server (without the prefix). */
  readonly tool: string;
  /** Whether its config marks path arguments (they are sent as the real paths governance resolved). */
  readonly hasPaths: boolean;
  /** The pipeline's time limit for the call. */
  readonly timeoutMs: number;
  /** The open session, or undefined while the server is connecting or down. */
  readonly connection: () => McpConnection | undefined;
  /** The error a call gets while there is no session. */
  readonly unavailable: () => ToolError;
  /** Says the session is gone (an http server out of reach mid-call). */
  readonly lost: (connection: McpConnection, reason: string) => void;
}

/**
 * The handler of one MCP tool: `tools/call` on the server's session with the call's signal (a
 * cancelled or timed-out call sends `notifications/cancelled`), its progress and log notifications
 * passed to the call's context, and the result read as the model's text (`mcpResult`).
 */
export function mcpToolHandler(call: McpToolCall): AnyHandler {
  const { server, tool, hasPaths, timeoutMs } = call;
  return async (args, context) => {
    const connection = call.connection();
    if (connection === undefined) throw call.unavailable();
    const sent = (hasPaths ? withResolvedPaths(args, context.resolvedPaths) : args) as Record<string, unknown>;
    const signal = requestSignal(context);
    const watched = connection.watch(new ContextListeners(context));
    let result: McpCallResult;
    try {
      result = (await connection.client.callTool(
        { name: tool, arguments: sent, _meta: { progressToken: watched.token } },
        undefined,
        // The pipeline keeps the time; the SDK's timer only backs it up.
        { signal, timeout: timeoutMs + SDK_GRACE_MS },
      )) as McpCallResult;
    } catch (thrown) {
      // Cancelled or timed out by the pipeline: it has answered already; the SDK told the server.
      if (signal.aborted) throw signal.reason;
      const failure = mcpCallError(thrown, server, tool, timeoutMs);
      if (failure.connectionLost) call.lost(connection, `a call of ${tool} failed: ${failure.reason}`);
      throw failure.error;
    } finally {
      watched.stop();
    }
    return mcpResult(result, server);
  };
}

/**
 * The signal the SDK's request gets: aborted when the pipeline stops the call (its time limit, the run
 * cancelled). In the pipeline it is a `RequestSignal` fed by the context's stop; a context from
 * elsewhere gives its own signal.
 */
function requestSignal(context: ToolContext): AbortSignal {
  if (!(context instanceof HandlerContext)) return context.signal;
  const request = new RequestSignal();
  context.onStop((reason) => request.abort(reason));
  return request.asSignal();
}

/** What the server says about one call, passed to the call's context (one object, no closures per call). */
class ContextListeners implements CallListeners {
  readonly #context: ToolContext;

  constructor(context: ToolContext) {
    this.#context = context;
  }

  progress(update: ProgressUpdate): void {
    this.#context.progress(update);
  }

  log(level: ServerLogLevel, message: string, data?: unknown): void {
    this.#context.log[level](message, data);
  }
}
