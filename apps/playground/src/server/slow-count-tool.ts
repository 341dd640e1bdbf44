import type { SdkTool } from '@wesgine/runtime';
import { ToolError, Type } from '@wesgine/schema';

const SlowCountArgs = Type.Object({
  to: Type.Integer({ minimum: 1, maximum: 20, description: 'The number to count to.' }),
  delayMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2000,
      default: 300,
      description: 'How long each step takes, in milliseconds; 300 when left out.',
    }),
  ),
});

/** How long each step of `slow_count` takes when the call names no `delayMs`. */
export const SLOW_COUNT_DELAY_MS = 300;

/**
 * `slow_count`: an SDK closure that takes its time on purpose and reports progress at every step, so
 * the playground shows a long call's progress live (`progress` events on `/events`). Read-only
 * (`meta.readOnly`), so the zone lets it run without asking.
 */
export function slowCountTool(): SdkTool<typeof SlowCountArgs> {
  return {
    name: 'slow_count',
    description:
      'Counts from 1 to a number, one step at a time, reporting progress at each step. A demonstration of a long call.',
    parameters: SlowCountArgs,
    meta: { readOnly: true },
    examples: [{ args: { to: 5 } }, { description: 'Quickly', args: { to: 10, delayMs: 50 } }],
    handler: async ({ to, delayMs = SLOW_COUNT_DELAY_MS }, context) => {
      for (let step = 1; step <= to; step += 1) {
        await pause(delayMs, context.signal);
        context.progress({ progress: step, total: to, message: `counted ${step} of ${to}` });
      }
      return { text: `counted to ${to}`, data: { counted: to } };
    },
  };
}

/** Waits `ms`, or rejects with `aborted` as soon as the call is cancelled. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const refusal = () => new ToolError('aborted', 'slow_count was cancelled');
    if (signal.aborted) return reject(refusal());
    const cancelled = () => {
      clearTimeout(timer);
      reject(refusal());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    signal.addEventListener('abort', cancelled, { once: true });
  });
}
