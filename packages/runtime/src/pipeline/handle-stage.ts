import { ToolError, toToolError } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { onAbort } from './abort-listeners.js';
import { type CallDeadline, callDeadlines } from './call-deadlines.js';
import type { HandlerContext } from './handler-context.js';

/**
 * Step 6: runs the handler under the tool's time limit and the run's abort signal. The handler's own
 * signal fires on either, so a well-behaved handler stops its work; the call settles either way. A
 * handler that answers at once is answered at once: its value is returned as it is (no promise, no
 * timer, no turn of the event loop); one that returns a promise gets a promise of its value. Throws
 * (or rejects with) a `ToolError`.
 */
export function handleStage(
  tool: RegisteredTool,
  args: unknown,
  context: HandlerContext,
  runSignal: AbortSignal,
  timeoutMs: number,
): unknown {
  const { name } = tool.definition;
  if (runSignal.aborted) throw new ToolError('aborted', `${name} was cancelled`);
  let returned: unknown;
  try {
    returned = tool.handler(args, context);
    if (!isThenable(returned)) return returned;
  } catch (thrown) {
    throw readableError(name, thrown);
  }
  return new Promise((resolve, reject) => new Waiting(name, returned, context, runSignal, timeoutMs, resolve, reject));
}

/**
 * One handler's promise being waited for: it settles the call's promise with the handler's value or
 * error, unless the time limit or the run's signal stops it first (then the handler's context is
 * stopped with the reason). Whichever comes first lets go of the others.
 */
class Waiting {
  #done = false;
  readonly #name: string;
  readonly #context: HandlerContext;
  readonly #resolve: (value: unknown) => void;
  readonly #reject: (reason: unknown) => void;
  readonly #stopWaiting: () => void;
  readonly #deadline: CallDeadline;

  constructor(
    name: string,
    returned: unknown,
    context: HandlerContext,
    runSignal: AbortSignal,
    timeoutMs: number,
    resolve: (value: unknown) => void,
    reject: (reason: unknown) => void,
  ) {
    this.#name = name;
    this.#context = context;
    this.#resolve = resolve;
    this.#reject = reject;
    this.#stopWaiting = onAbort(runSignal, () => this.#stop(new ToolError('aborted', `${name} was cancelled`)));
    this.#deadline = callDeadlines.add(timeoutMs, () =>
      this.#stop(new ToolError('timeout', `${name} did not finish within ${timeoutMs} ms`)),
    );
    Promise.resolve(returned).then(
      (value) => {
        if (this.#finish()) this.#resolve(value);
      },
      (thrown) => {
        if (this.#finish()) this.#reject(readableError(this.#name, thrown));
      },
    );
    // The handler may have caused the cancellation itself before its first await (a listener ran inline).
    if (runSignal.aborted) this.#stop(new ToolError('aborted', `${name} was cancelled`));
  }

  /** True the first time: the call settles now. */
  #finish(): boolean {
    if (this.#done) return false;
    this.#done = true;
    callDeadlines.clear(this.#deadline);
    this.#stopWaiting();
    return true;
  }

  #stop(reason: ToolError): void {
    if (!this.#finish()) return;
    this.#context.stop(reason);
    this.#reject(reason);
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

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
