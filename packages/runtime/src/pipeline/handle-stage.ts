import { type ToolContext, ToolError } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';

/**
 * Step 6: runs the handler under the tool's time limit and the run's abort signal. The handler's own
 * signal fires on either, so a well-behaved handler stops its work; the call settles either way.
 */
export async function handleStage(
  tool: RegisteredTool,
  args: unknown,
  context: Omit<ToolContext, 'signal'>,
  runSignal: AbortSignal,
  timeoutMs: number,
): Promise<unknown> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => controller.abort(new ToolError('aborted', `${tool.definition.name} was cancelled`));
  if (runSignal.aborted) onAbort();
  runSignal.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ToolError('timeout', `${tool.definition.name} did not finish within ${timeoutMs} ms`);
      controller.abort(error);
    }, timeoutMs);
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    if (controller.signal.aborted) throw controller.signal.reason;
    return await Promise.race([
      Promise.resolve().then(() => tool.handler(args, { ...context, signal: controller.signal })),
      stopped,
    ]);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onAbort);
  }
}
