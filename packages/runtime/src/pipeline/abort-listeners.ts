/** The calls waiting on each run's signal; one listener per signal serves them all. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `listener` once when `signal` aborts; returns the function that stops waiting. However many calls
 * of a run wait at once, the run's signal carries one listener (not one per call, which is what made
 * Node print `MaxListenersExceededWarning` past ten concurrent calls), and a finished call leaves nothing
 * behind.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  let listeners = waiting.get(signal);
  if (listeners === undefined) {
    const created = new Set<() => void>();
    listeners = created;
    waiting.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const waiter of [...created]) waiter();
      },
      { once: true },
    );
  }
  listeners.add(listener);
  const own = listeners;
  return () => {
    own.delete(listener);
  };
}
