import type { ApprovalDecision, ApprovalRequest, HumanChannel } from './approval-request.js';

interface Waiting {
  readonly request: ApprovalRequest;
  readonly settle: (decision: ApprovalDecision) => void;
}

/**
 * A human channel that parks each question until someone answers it through `decide` (the HTTP API's
 * `POST /approvals/:id`). A question nobody answers within `timeoutMs` is denied, and so is one whose
 * call is cancelled.
 */
export class ApprovalQueue implements HumanChannel {
  readonly #waiting = new Map<string, Waiting>();
  readonly #listeners = new Set<(request: ApprovalRequest) => void>();
  readonly #timeoutMs: number;

  constructor(options: { readonly timeoutMs?: number } = {}) {
    this.#timeoutMs = options.timeoutMs ?? 300_000;
  }

  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const finish = (decision: ApprovalDecision) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#waiting.delete(request.id);
        resolve(decision);
      };
      const onAbort = () => finish({ decision: 'deny', reason: 'the call was cancelled before anyone answered' });
      const timer = setTimeout(
        () => finish({ decision: 'deny', reason: `nobody answered within ${Math.round(this.#timeoutMs / 1000)} s` }),
        this.#timeoutMs,
      );
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(request.id, { request, settle: finish });
      for (const listener of this.#listeners) listener(request);
    });
  }

  /** The questions waiting for an answer, oldest first. */
  pending(): ApprovalRequest[] {
    return [...this.#waiting.values()].map((waiting) => waiting.request);
  }

  /** Answers one question; false when no question has that id (answered, timed out, or never asked). */
  decide(id: string, decision: ApprovalDecision): boolean {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined) return false;
    waiting.settle(decision);
    return true;
  }

  /** Called with each new question; returns the function that stops it. */
  onRequest(listener: (request: ApprovalRequest) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
