import { ToolError, toToolError } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { onAbort } from './abort-listeners.js';
import type { HandlerContext } from './handler-context.js';

/**
 * Step 6: runs the handler under the tool's time limit and the run's abort signal. The handler's own
 * signal fires on either, so a well-behaved handler stops its work; the call settles either way. A
 * handler that answers at once costs no timer.
 */
export async function handleStage(
  tool: RegisteredTool,
  args: unknown,
  context: HandlerContext,
  runSignal: AbortSignal,
  timeoutMs: number,
): Promise<unknown> {
  try {
    return await runHandler(tool, args, context, runSignal, timeoutMs);
  } catch (thrown) {
    throw readableError(tool.definition.name, thrown);
  }
}

/**
 * What a handler threw, as a `ToolError` the pipeline can read: a thrown Proxy or an object whose
 * `message` getter throws must not make `run.call` throw.
 */
function readableError(name: string, thrown: unknown): ToolError {
  try {
    return toToolError(thrown);
  } catch {
    return new ToolError('handler_failed', `${name} failed with a value that cannot be read as an error`);
  }
}

async function runHandler(
  tool: RegisteredTool,
  args: unknown,
  context: HandlerContext,
  runSignal: AbortSignal,
  timeoutMs: number,
): Promise<unknown> {
  if (runSignal.aborted) throw new ToolError('aborted', `${tool.definition.name} was cancelled`);
  const returned = tool.handler(args, context);
  if (!isThenable(returned)) return returned;

  let stop: (reason: ToolError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = (reason) => {
      context.stop(reason);
      reject(reason);
    };
  });
  const cancelled = () => stop(new ToolError('aborted', `${tool.definition.name} was cancelled`));
  const stopWaiting = onAbort(runSignal, cancelled);
  // The handler may have caused the cancellation itself before its first await (a listener ran inline).
  if (runSignal.aborted) cancelled();
  const timer = setTimeout(() => {
    stop(new ToolError('timeout', `${tool.definition.name} did not finish within ${timeoutMs} ms`));
  }, timeoutMs);
  try {
    return await Promise.race([returned, stopped]);
  } finally {
    clearTimeout(timer);
    stopWaiting();
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
