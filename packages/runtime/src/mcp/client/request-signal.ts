/**
 * A stand-in for the `AbortSignal` of one `tools/call` request: the members the SDK's `Protocol.request`
 * reads (`aborted`, `reason`, `throwIfAborted`, `addEventListener('abort')`) and nothing else, made
 * without an `EventTarget`. A proxied call makes one, so this keeps an `AbortController` and an event
 * listener per call off the path of every MCP call. Aborting it makes the SDK send
 * `notifications/cancelled` and reject the request with the reason, as a real signal does
 * (`request-signal.test.ts` holds it to that against the installed SDK).
 */
export class RequestSignal {
  aborted = false;
  reason: unknown = undefined;
  readonly #listeners: (() => void)[] = [];

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.#listeners.push(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    const index = type === 'abort' ? this.#listeners.indexOf(listener) : -1;
    if (index !== -1) this.#listeners.splice(index, 1);
  }

  /** Aborts once: every listener hears it, then none again. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.#listeners.splice(0)) listener();
  }

  /** As the SDK's request options type it. */
  asSignal(): AbortSignal {
    return this as unknown as AbortSignal;
  }
}

/**
 * Runs one SDK request under a long-lived `signal` (a source's whole life) through a RequestSignal of
 * its own: the SDK adds an abort listener to each request's signal and never takes it off, so given the
 * long-lived one directly, every reconnect and every listing would leave one more on it for good.
 */
export async function underSignal<T>(signal: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const own = new RequestSignal();
  if (signal.aborted) own.abort(signal.reason);
  const relay = () => own.abort(signal.reason);
  signal.addEventListener('abort', relay, { once: true });
  try {
    return await request(own.asSignal());
  } finally {
    signal.removeEventListener('abort', relay);
  }
}
