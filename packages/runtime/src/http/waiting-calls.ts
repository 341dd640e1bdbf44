import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { UserAnswer } from '@wesgine/schema';
import type { ApprovalQueue } from '../approval/approval-queue.js';
import type { ApprovalDecision, ApprovalRequest, HumanChannel, QuestionRequest } from '../approval/approval-request.js';
import type { ToolResult } from '../pipeline/tool-result.js';

/** How long a call's result is kept for `GET /calls/:id` after the call ends: 10 minutes. */
export const CALL_RESULT_KEPT_MS = 10 * 60_000;

/** How many calls that waited are remembered at most; past it, the oldest finished one is forgotten. */
export const CALLS_KEPT = 1000;

/** What a call is waiting on: an approval (`POST /approvals/:id`) or a tool's questions (`POST /questions/:id`). */
export type HumanWait =
  | { readonly kind: 'approval'; readonly request: ApprovalRequest }
  | { readonly kind: 'question'; readonly request: QuestionRequest };

/** A call that had to wait for a person, as `POST /tools/:name/call` and `GET /calls/:id` report it. */
export interface WaitingCall {
  readonly id: string;
  readonly tool: string;
  /** The actor the call ran as; a client with an actor token sees its own actor's calls only. */
  readonly actor: string | undefined;
  /** The approval or questions it waits on now; undefined while it runs on after an answer. */
  readonly waiting: HumanWait | undefined;
  /** Its result, once it ended. */
  readonly result: ToolResult | undefined;
}

/** How a call began: it ended without waiting, or it waits for a person and is kept under its id. */
export type CallStart =
  | { readonly ended: true; readonly result: ToolResult }
  | { readonly ended: false; readonly call: WaitingCall };

interface Entry {
  readonly id: string;
  readonly tool: string;
  readonly actor: string | undefined;
  waiting: HumanWait | undefined;
  result: ToolResult | undefined;
  /** Woken when the call ends or starts waiting on something new. */
  readonly wake: Set<() => void>;
  forget: NodeJS.Timeout | undefined;
}

/**
 * The HTTP API's calls that wait for a person. The runs the API opens get `human()` as their human
 * channel: it parks each approval and question on the cell's queue as before, and tells the HTTP call
 * it came from (found through AsyncLocalStorage, so concurrent calls in one session never mix), which
 * then answers the client at once with where to answer instead of holding the connection. The call
 * goes on; its result is kept for `CALL_RESULT_KEPT_MS` and read with `GET /calls/:id`.
 */
export class WaitingCalls {
  readonly #calls = new Map<string, Entry>();
  readonly #current = new AsyncLocalStorage<{ onWait(wait: HumanWait): void; onAnswered(wait: HumanWait): void }>();
  readonly #queue: ApprovalQueue;

  constructor(queue: ApprovalQueue) {
    this.#queue = queue;
  }

  /** The human channel for the API's runs: the cell's queue, and word to the waiting HTTP call. */
  human(): HumanChannel {
    const queue = this.#queue;
    const current = this.#current;
    const tell = <T>(wait: HumanWait, answer: Promise<T>): Promise<T> => {
      const call = current.getStore();
      if (call === undefined) return answer;
      // The queue parked the request before this runs, so a client told of it can answer it at once.
      call.onWait(wait);
      const answered = () => call.onAnswered(wait);
      answer.then(answered, answered);
      return answer;
    };
    return {
      ask: (request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> =>
        tell({ kind: 'approval', request }, queue.ask(request, signal)),
      question: (request: QuestionRequest, signal: AbortSignal): Promise<readonly UserAnswer[]> =>
        tell({ kind: 'question', request }, queue.question(request, signal)),
    };
  }

  /**
   * Starts a call (`call` runs it on a run whose human is `human()`). Answers with its result when it
   * ends without waiting for a person, or as soon as it waits for one, with the call kept under an id.
   */
  start(tool: string, actor: string | undefined, call: () => Promise<ToolResult>): Promise<CallStart> {
    return new Promise((resolve, reject) => {
      let entry: Entry | undefined;
      const onWait = (wait: HumanWait) => {
        if (entry === undefined) {
          entry = this.#keep(tool, actor);
          resolve({ ended: false, call: entry });
        }
        entry.waiting = wait;
        wakeAll(entry);
      };
      const onAnswered = (wait: HumanWait) => {
        if (entry?.waiting === wait) entry.waiting = undefined;
      };
      const end = (result: ToolResult) => {
        if (entry === undefined) return resolve({ ended: true, result });
        entry.result = result;
        entry.waiting = undefined;
        wakeAll(entry);
        const kept = entry;
        kept.forget = setTimeout(() => this.#calls.delete(kept.id), CALL_RESULT_KEPT_MS);
        kept.forget.unref();
      };
      // `run.call` never throws; should it, a client already told to wait still gets an answer, and
      // one that was not gets the throw (the app's 500).
      this.#current.run({ onWait, onAnswered }, call).then(end, (error: unknown) => {
        if (entry === undefined) return reject(error);
        end({ isError: true, code: 'internal', text: 'the call failed inside the server; nothing more is known' });
      });
    });
  }

  /** The call with `id`, when it is known. */
  get(id: string): WaitingCall | undefined {
    return this.#calls.get(id);
  }

  /**
   * Resolves when the call ends or starts waiting on something new, after `ms` at most, or when
   * `signal` aborts (the client went away).
   */
  async changed(id: string, ms: number, signal: AbortSignal): Promise<void> {
    const entry = this.#calls.get(id);
    if (entry === undefined || entry.result !== undefined || ms <= 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        entry.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      entry.wake.add(done);
    });
  }

  get size(): number {
    return this.#calls.size;
  }

  #keep(tool: string, actor: string | undefined): Entry {
    const entry: Entry = {
      id: `call-${randomUUID()}`,
      tool,
      actor,
      waiting: undefined,
      result: undefined,
      wake: new Set(),
      forget: undefined,
    };
    this.#calls.set(entry.id, entry);
    if (this.#calls.size > CALLS_KEPT) {
      // The oldest call that ended goes; one still under way is never forgotten.
      for (const known of this.#calls.values()) {
        if (known.result === undefined) continue;
        clearTimeout(known.forget);
        this.#calls.delete(known.id);
        break;
      }
    }
    return entry;
  }
}

function wakeAll(entry: Entry): void {
  for (const wake of [...entry.wake]) wake();
}
