import { onAbort } from './abort-listeners.js';

/** A signal that aborts with the run's or the call's, and the function that lets go of both. */
export interface CallSignal {
  readonly signal: AbortSignal;
  readonly release: () => void;
}

const KEEP = () => {};

/**
 * The signal of a call that brought its own (`CallOptions.signal`): it aborts when the run's does or the
 * call's does, with that one's reason. `release` takes its listeners off both once the call is over, so
 * a long-lived signal that many calls pass keeps nothing of them. (Not `AbortSignal.any`: its signals
 * stay tied to their sources for as long as those live.)
 */
export function callSignal(run: AbortSignal, call: AbortSignal): CallSignal {
  if (run.aborted) return { signal: run, release: KEEP };
  if (call.aborted) return { signal: call, release: KEEP };
  const controller = new AbortController();
  const stopRun = onAbort(run, () => controller.abort(run.reason));
  const fromCall = () => controller.abort(call.reason);
  call.addEventListener('abort', fromCall, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      stopRun();
      call.removeEventListener('abort', fromCall);
    },
  };
}
