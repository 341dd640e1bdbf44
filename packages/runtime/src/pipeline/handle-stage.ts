import { ToolError } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
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
  const onAbort = () => stop(new ToolError('aborted', `${tool.definition.name} was cancelled`));
  runSignal.addEventListener('abort', onAbort, { once: true });
  // The handler may have caused the cancellation itself before its first await (a listener ran inline).
  if (runSignal.aborted) onAbort();
  const timer = setTimeout(() => {
    stop(new ToolError('timeout', `${tool.definition.name} did not finish within ${timeoutMs} ms`));
  }, timeoutMs);
  try {
    return await Promise.race([returned, stopped]);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onAbort);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
