import { ToolError } from '@wesgine/schema';

/** The tail of each display's queue of actions, shared by every cell that drives that display. */
const tails = new Map<string, Promise<void>>();

/**
 * Runs `action` once the display's earlier actions are done: two calls typing at once would interleave
 * their keystrokes (and one's focus change would send the other's text to the wrong window). A call
 * cancelled while it waits never runs.
 */
export async function inTurn<T>(display: string, signal: AbortSignal, action: () => Promise<T>): Promise<T> {
  const before = tails.get(display) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = before.then(() => mine);
  tails.set(display, tail);
  try {
    await waitFor(before, signal);
    return await action();
  } finally {
    release();
    if (tails.get(display) === tail) tails.delete(display);
  }
}

function waitFor(before: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    before.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

function cancelled(): ToolError {
  return new ToolError(
    'aborted',
    'The call was cancelled while it waited for an earlier desktop action; nothing was done.',
  );
}
