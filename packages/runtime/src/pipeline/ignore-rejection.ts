/**
 * What a caller's listener returned, when it was an async function's promise: a rejection is caught
 * and dropped, as a listener's throw is. A listener typed `=> void` may be async, and a rejection left
 * unhandled would stop the whole process (Node's default), not just that listener.
 */
export function ignoreRejection(returned: unknown): void {
  if (returned instanceof Promise) returned.catch(ignore);
}

function ignore(): void {}
