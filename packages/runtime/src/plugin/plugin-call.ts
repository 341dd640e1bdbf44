import { type AnyToolDefinition, compileValidator, type ToolContext, ToolError } from '@wesgine/schema';
import { HandlerContext } from '../pipeline/handler-context.js';
import type { PluginChild } from './plugin-child.js';
import { codeOfRpcError, PLUGIN_METHODS } from './plugin-protocol.js';
import { RpcFailure } from './rpc-connection.js';

/** The `resolvedPaths` of a call that resolved none (most calls): one object, not one per call. */
const NO_PATHS = Object.freeze({});

/**
 * One `tools/call` to a running plugin: the validated arguments and what the plugin may know of the
 * call (its ids and the paths governance resolved), cancelled with the call's signal (the plugin hears
 * `notifications/cancelled`). Its answer `{ text, data? }` is the result; an error response becomes a
 * ToolError with the plugin's message.
 */
export async function callPlugin(
  child: PluginChild,
  label: string,
  definition: AnyToolDefinition,
  args: unknown,
  context: ToolContext,
): Promise<{ text: string; data?: unknown }> {
  const params = {
    name: definition.name,
    arguments: args,
    context: {
      cellId: context.cellId,
      runId: context.runId,
      sessionId: context.sessionId ?? null,
      actor: context.actor ?? null,
      workDir: context.workDir,
      resolvedPaths: context.resolvedPaths.size === 0 ? NO_PATHS : Object.fromEntries(context.resolvedPaths),
    },
  };
  // Its id is known before it is sent, so the plugin's notifications about it find its context.
  const id = child.connection.nextId;
  child.calls.set(id, context);
  let result: unknown;
  try {
    // In the pipeline the call's stop cancels the request directly: no AbortController per call.
    result = await child.connection.request(
      PLUGIN_METHODS.callTool,
      params,
      context instanceof HandlerContext ? { stop: context } : { signal: context.signal },
    );
  } catch (error) {
    if (error instanceof RpcFailure) throw new ToolError(codeOfRpcError(error.error), error.error.message);
    throw error;
  } finally {
    child.calls.delete(id);
  }
  const { text, data } = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  if (typeof text !== 'string') {
    throw new ToolError(
      'handler_failed',
      `the plugin ${label} answered the call of ${definition.name} without a "text" string`,
    );
  }
  if (definition.result !== undefined) {
    const issues = compileValidator(definition.result).errors(data);
    if (issues.length > 0) {
      const first = issues[0];
      throw new ToolError(
        'handler_failed',
        `the plugin ${label} answered the call of ${definition.name} with data that does not match its outputSchema (${first?.path === '' ? '(data)' : first?.path}: ${first?.message})`,
      );
    }
  }
  return data === undefined ? { text } : { text, data };
}

/** Hands a plugin's progress or log notification to the call it names; anything malformed is dropped. */
export function routeNotification(child: PluginChild, method: string, params: unknown): void {
  const record = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const context = typeof record.requestId === 'number' ? child.calls.get(record.requestId) : undefined;
  if (context === undefined) return;
  if (method === PLUGIN_METHODS.progress) {
    const { progress, total, message } = record;
    if (typeof progress !== 'number' || !Number.isFinite(progress)) return;
    context.progress({
      progress,
      ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
      ...(typeof message === 'string' ? { message } : {}),
    });
  } else if (method === PLUGIN_METHODS.log) {
    const { level, message, data } = record;
    if (typeof message !== 'string') return;
    const known = level === 'debug' || level === 'info' || level === 'warn' || level === 'error' ? level : 'info';
    context.log[known](message, data);
  }
}
