import { ToolError, type UserAnswer } from '@wesgine/schema';
import type { ApprovalDecision, ApprovalRequest, HumanChannel, QuestionRequest } from './approval-request.js';

interface Parked<TRequest, TAnswer> {
  readonly request: TRequest;
  readonly settle: (answer: TAnswer) => void;
}

/**
 * A human channel that parks each approval and each tool question until someone answers it through
 * `decide` or `answer` (the HTTP API's `POST /approvals/:id` and `POST /questions/:id`). An approval
 * nobody answers within `timeoutMs` is denied, and so is one whose call is cancelled; an unanswered
 * question fails the same way, with `timeout` or `aborted`.
 */
export class ApprovalQueue implements HumanChannel {
  readonly #approvals = new Map<string, Parked<ApprovalRequest, ApprovalDecision>>();
  readonly #questions = new Map<string, Parked<QuestionRequest, readonly UserAnswer[]>>();
  readonly #listeners = new Set<(request: ApprovalRequest) => void>();
  readonly #questionListeners = new Set<(request: QuestionRequest) => void>();
  readonly #timeoutMs: number;

  constructor(options: { readonly timeoutMs?: number } = {}) {
    this.#timeoutMs = options.timeoutMs ?? 300_000;
  }

  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const seconds = Math.round(this.#timeoutMs / 1000);
    return this.#park(this.#approvals, request, signal, this.#listeners, (reason) => ({
      decision: 'deny',
      reason:
        reason === 'aborted' ? 'the call was cancelled before anyone answered' : `nobody answered within ${seconds} s`,
    }));
  }

  question(request: QuestionRequest, signal: AbortSignal): Promise<readonly UserAnswer[]> {
    const seconds = Math.round(this.#timeoutMs / 1000);
    return this.#park(this.#questions, request, signal, this.#questionListeners, (reason) => {
      throw reason === 'aborted'
        ? new ToolError('aborted', 'the call was cancelled before anyone answered')
        : new ToolError('timeout', `nobody answered within ${seconds} s`);
    });
  }

  /** The approvals waiting for an answer, oldest first. */
  pending(): ApprovalRequest[] {
    return [...this.#approvals.values()].map((parked) => parked.request);
  }

  /** The tool questions waiting for answers, oldest first. */
  pendingQuestions(): QuestionRequest[] {
    return [...this.#questions.values()].map((parked) => parked.request);
  }

  /** Answers one approval; false when none has that id (answered, timed out, or never asked). */
  decide(id: string, decision: ApprovalDecision): boolean {
    const parked = this.#approvals.get(id);
    if (parked === undefined) return false;
    parked.settle(decision);
    return true;
  }

  /**
   * Answers one tool question; `undefined` when it was answered, with the problem when no question has
   * that id or the answers do not fit (one answer list per question, each with at least one entry).
   */
  answer(id: string, answers: readonly (readonly string[])[]): string | undefined {
    const parked = this.#questions.get(id);
    if (parked === undefined)
      return `no question is waiting with id ${JSON.stringify(id)}: it was answered, timed out, or never asked`;
    const { questions } = parked.request;
    if (answers.length !== questions.length) {
      return `the question has ${questions.length} part${questions.length === 1 ? '' : 's'}; send one answer list for each, not ${answers.length}`;
    }
    const empty = answers.findIndex((list) => list.length === 0);
    if (empty >= 0) return `answer ${empty + 1} is empty; choose an option or write an answer`;
    const single = answers.findIndex((list, index) => list.length > 1 && questions[index]?.multiSelect !== true);
    if (single >= 0) return `question ${single + 1} takes one answer, not ${answers[single]?.length}`;
    parked.settle(questions.map((question, index) => ({ question: question.question, answers: answers[index] ?? [] })));
    return undefined;
  }

  /** Called with each new approval; returns the function that stops it. */
  onRequest(listener: (request: ApprovalRequest) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Called with each new tool question; returns the function that stops it. */
  onQuestion(listener: (request: QuestionRequest) => void): () => void {
    this.#questionListeners.add(listener);
    return () => this.#questionListeners.delete(listener);
  }

  #park<TRequest extends { readonly id: string }, TAnswer>(
    parked: Map<string, Parked<TRequest, TAnswer>>,
    request: TRequest,
    signal: AbortSignal,
    listeners: ReadonlySet<(request: TRequest) => void>,
    unanswered: (reason: 'aborted' | 'timeout') => TAnswer,
  ): Promise<TAnswer> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        parked.delete(request.id);
      };
      const settle = (answer: TAnswer) => {
        done();
        resolve(answer);
      };
      const fail = (error: ToolError) => {
        done();
        reject(error);
      };
      const giveUp = (reason: 'aborted' | 'timeout') => {
        try {
          settle(unanswered(reason));
        } catch (error) {
          fail(error as ToolError);
        }
      };
      const onAbort = () => giveUp('aborted');
      const timer = setTimeout(() => giveUp('timeout'), this.#timeoutMs);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      parked.set(request.id, { request, settle });
      for (const listener of listeners) listener(request);
    });
  }
}
