import type { AnyToolDefinition, ArgsOf, ResultOf } from './define-tool.js';
import type { ToolContext } from './tool-context.js';

/**
 * What a handler returns: the text the model sees, or that text with structured `data`. A tool with a
 * `result` schema must return `{ text, data }` with `data` of that type.
 */
export type ToolHandlerResult<TResult = undefined> = [TResult] extends [undefined]
  ? string | { readonly text: string; readonly data?: unknown }
  : { readonly text: string; readonly data: TResult };

/** A tool's implementation: typed arguments first, the call's context second. Throw `ToolError` to fail. */
export type ToolHandler<TArgs, TResult = undefined> = (
  args: TArgs,
  context: ToolContext,
) => ToolHandlerResult<TResult> | Promise<ToolHandlerResult<TResult>>;

/** The handler type for a tool definition. */
export type HandlerOf<T extends AnyToolDefinition> = ToolHandler<ArgsOf<T>, ResultOf<T>>;

/** One handler per tool, keyed by tool name: a missing, extra or mistyped handler is a compile error. */
export type ToolHandlers<TTools extends readonly AnyToolDefinition[]> = {
  readonly [T in TTools[number] as T['name']]: HandlerOf<T>;
};
