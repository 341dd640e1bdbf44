import type { ToolProgress } from '@wesgine/schema';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client.js';
import { type Playground, usePlayground } from '../../api/playground-context.js';
import type { PendingCallBody, TracedResult } from '../../api/types.js';

/** How long one `GET /calls/:id` holds, in seconds: the route allows up to 60. */
export const WAIT_SECONDS = 30;

/** Where one tool's latest call from this page stands. */
export type CallState =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'running';
      readonly args: Record<string, unknown>;
      readonly startedAt: number;
      readonly callId?: string;
      readonly progress?: ToolProgress;
    }
  | {
      readonly phase: 'waiting';
      readonly args: Record<string, unknown>;
      readonly startedAt: number;
      readonly pending: Extract<PendingCallBody, { status: 'waiting' }>;
      readonly progress?: ToolProgress;
    }
  | {
      readonly phase: 'done';
      readonly args: Record<string, unknown>;
      readonly result: TracedResult;
      /** From sending the call to its result, as the page saw it (a person's wait included). */
      readonly ms: number;
      readonly waited: boolean;
    }
  | { readonly phase: 'failed'; readonly args: Record<string, unknown>; readonly error: unknown };

const IDLE: CallState = { phase: 'idle' };

/** A call that ended, as the tool's list of earlier calls keeps it. */
export type EndedCall = Extract<CallState, { phase: 'done' }> & { readonly at: Date; readonly id: number };

/** How many ended calls a tool keeps: enough to watch the CycleDetector count a repeat. */
export const HISTORY_KEPT = 8;

const NONE: readonly EndedCall[] = [];

let ended = 0;

/**
 * The page's calls, one per tool, kept outside the views: a call that waits for a person goes on being
 * followed while the person answers it in Governance, and its result is there when they come back.
 */
export class CallStore {
  readonly #playground: Playground;
  readonly #states = new Map<string, CallState>();
  readonly #history = new Map<string, readonly EndedCall[]>();
  readonly #stops = new Map<string, () => void>();
  readonly #listeners = new Set<() => void>();

  constructor(playground: Playground) {
    this.#playground = playground;
  }

  get(tool: string): CallState {
    return this.#states.get(tool) ?? IDLE;
  }

  /** The tool's ended calls from this page, newest first. */
  history(tool: string): readonly EndedCall[] {
    return this.#history.get(tool) ?? NONE;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Calls `tool` with `args` in the page's session, with the trace; a call still followed is let go. */
  start(tool: string, args: Record<string, unknown>): void {
    this.#stops.get(tool)?.();
    const stop = new AbortController();
    const { api, events, sessionId } = this.#playground;
    const startedAt = performance.now();
    let waited = false;
    // Progress frames of this session's call of this tool; once its id is known, of that call only.
    const unlisten = events.listen((kind, data) => {
      if (kind !== 'progress' || stop.signal.aborted) return;
      const frame = data as Partial<ToolProgress & { sessionId: string; tool: string; callId: string }>;
      if (frame.sessionId !== sessionId || frame.tool !== tool || typeof frame.progress !== 'number') return;
      const state = this.get(tool);
      if (state.phase !== 'running' && state.phase !== 'waiting') return;
      const known = state.phase === 'running' ? state.callId : state.pending.callId;
      if (known !== undefined && frame.callId !== known) return;
      const progress: ToolProgress = {
        progress: frame.progress,
        ...(typeof frame.total === 'number' ? { total: frame.total } : {}),
        ...(typeof frame.message === 'string' ? { message: frame.message } : {}),
      };
      this.#set(tool, { ...state, progress });
    });
    const end = () => {
      stop.abort();
      unlisten();
      if (this.#stops.get(tool) === end) this.#stops.delete(tool);
    };
    this.#stops.set(tool, end);
    this.#set(tool, { phase: 'running', args, startedAt });

    const settle = (status: number, body: unknown): boolean => {
      if (stop.signal.aborted) return true;
      if (status === 200) {
        end();
        const ms = performance.now() - startedAt;
        const done = { phase: 'done', args, result: body as TracedResult, ms, waited } as const;
        this.#history.set(
          tool,
          [{ ...done, at: new Date(), id: ++ended }, ...this.history(tool)].slice(0, HISTORY_KEPT),
        );
        this.#set(tool, done);
        return true;
      }
      const pending = body as PendingCallBody;
      const previous = this.get(tool);
      const progress = previous.phase === 'running' || previous.phase === 'waiting' ? previous.progress : undefined;
      const kept = progress === undefined ? {} : { progress };
      if (pending.status === 'waiting') {
        waited = true;
        this.#set(tool, { phase: 'waiting', args, startedAt, pending, ...kept });
      } else {
        this.#set(tool, { phase: 'running', args, startedAt, callId: pending.callId, ...kept });
      }
      return false;
    };

    const follow = async () => {
      const first = await api.post<unknown>(
        `/tools/${encodeURIComponent(tool)}/call`,
        { args, sessionId, trace: true },
        stop.signal,
      );
      if (settle(first.status, first.body)) return;
      const { callId } = first.body as PendingCallBody;
      while (!stop.signal.aborted) {
        const next = await api.get<unknown>(`/calls/${encodeURIComponent(callId)}?wait=${WAIT_SECONDS}`, stop.signal);
        if (settle(next.status, next.body)) return;
      }
    };
    follow().catch((error: unknown) => {
      if (stop.signal.aborted) return;
      end();
      this.#set(tool, { phase: 'failed', args, error: asError(error) });
    });
  }

  /** Stops following the tool's call (it goes on in the runtime; only the page stops waiting). */
  forget(tool: string): void {
    this.#stops.get(tool)?.();
    this.#set(tool, IDLE);
  }

  #set(tool: string, state: CallState): void {
    this.#states.set(tool, state);
    for (const listener of [...this.#listeners]) listener();
  }
}

function asError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'TypeError') {
    return new Error('The page could not reach the API: is the playground still running?');
  }
  return error instanceof Error ? error : new Error(String(error));
}

const stores = new WeakMap<Playground, CallStore>();

function storeOf(playground: Playground): CallStore {
  let store = stores.get(playground);
  if (store === undefined) {
    store = new CallStore(playground);
    stores.set(playground, store);
  }
  return store;
}

/** The tool's latest call from this page, and the ways to start one or let it go. */
export function useToolCall(tool: string) {
  const store = storeOf(usePlayground());
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(listener), [store]),
    () => store.get(tool),
  );
  const history = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(listener), [store]),
    () => store.history(tool),
  );
  const call = useCallback((args: Record<string, unknown>) => store.start(tool, args), [store, tool]);
  const forget = useCallback(() => store.forget(tool), [store, tool]);
  return { state, history, call, forget };
}
