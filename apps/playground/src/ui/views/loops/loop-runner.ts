import { useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { EventHub } from '../../api/events.js';
import type { ApprovalRequest, AuditEvent, CycleSnapshot, PendingCallBody, TracedResult } from '../../api/types.js';
import { isAuditEvent } from '../governance/audit-log.js';

/** The scripted agent the playground's server offers (its child run's audit events carry this agentId). */
export const LOOPING_AGENT = 'looping_agent';

/** What `GET /runs/:id/cycle` answers. */
export type RunCycle = CycleSnapshot & {
  readonly runId: string;
  readonly sessionId?: string;
  readonly agentId?: string;
};

export interface LoopState {
  /** `waiting`: the call waits for a person (the escalation); `done`: it ended with a result. */
  readonly status: 'idle' | 'running' | 'waiting' | 'done' | 'failed';
  /** The fresh session of this run, so its detector counts from nothing. */
  readonly sessionId: string | undefined;
  /**
   * The sub-agent runs heard, in the order their first call ended: the agent hands work to a helper (a
   * copy of itself one level down) whose calls come first, then makes its own.
   */
  readonly runIds: readonly string[];
  /** The sub-agents' calls as they ended, oldest first. */
  readonly calls: readonly AuditEvent[];
  /** Each run's CycleDetector as last read (kept when the run is gone), by run id. */
  readonly snapshots: Readonly<Record<string, RunCycle>>;
  /** The run whose detector was read last: the one the view shows. */
  readonly current: string | undefined;
  /** The CycleDetector's question to a person when the agent kept failing. */
  readonly escalation: ApprovalRequest | undefined;
  readonly result: TracedResult | undefined;
  readonly error: unknown;
}

const IDLE: LoopState = {
  status: 'idle',
  sessionId: undefined,
  runIds: [],
  calls: [],
  snapshots: {},
  current: undefined,
  escalation: undefined,
  result: undefined,
  error: undefined,
};

/** What the agent is told; its script does not read it, but a person sees what it was asked. */
export const LOOP_TASK = 'Go through notes/todo.md and notes/missing.md and sum up what is left to do.';

/**
 * One run of the looping agent at a time, kept for the page (a person may answer the escalation in
 * Governance and come back). It calls `looping_agent` with a fresh session and `trace`, follows a 202
 * with `GET /calls/:id?wait=30` until the result, and hears the sub-agent runs' audit events and the
 * escalation's approval from the event stream. A run's CycleDetector is read after each of its calls,
 * except those after which it surely ends (a blocked call stops an agent loop), and for the last time
 * when the escalation is asked (the run waits for the answer): never after, so no read asks for a run
 * that has ended.
 */
export class LoopRunner {
  readonly #api: ApiClient;
  #state: LoopState = IDLE;
  readonly #listeners = new Set<() => void>();
  #reading = false;
  #readNext: string | undefined;

  constructor(api: ApiClient, hub: EventHub) {
    this.#api = api;
    hub.listen((kind, data) => {
      if (kind === 'audit' && isAuditEvent(data)) this.#audit(data);
      else if (kind === 'approval') this.#approval(data as ApprovalRequest);
    });
  }

  get state(): LoopState {
    return this.#state;
  }

  get active(): boolean {
    return this.#state.status === 'running' || this.#state.status === 'waiting';
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async start(): Promise<void> {
    if (this.active) return;
    const sessionId = `loop-${crypto.randomUUID().slice(0, 8)}`;
    this.#set({ ...IDLE, status: 'running', sessionId });
    try {
      const first = await this.#api.post<TracedResult | PendingCallBody>(`/tools/${LOOPING_AGENT}/call`, {
        args: { task: LOOP_TASK },
        sessionId,
        trace: true,
      });
      let answer = first;
      while (answer.status === 202) {
        const pending = answer.body as PendingCallBody;
        this.#set({ status: pending.status === 'waiting' ? 'waiting' : 'running' });
        answer = await this.#api.get<TracedResult | PendingCallBody>(
          `/calls/${encodeURIComponent(pending.callId)}?wait=30`,
        );
      }
      this.#set({ status: 'done', result: answer.body as TracedResult });
    } catch (error) {
      this.#set({ status: 'failed', error });
    }
  }

  #set(change: Partial<LoopState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of [...this.#listeners]) listener();
  }

  /** Whether an event is of this run's sub-agents: their agent id, in this run's session (they inherit it). */
  #ours(event: { agentId?: string | undefined; sessionId?: string | undefined }): boolean {
    return (
      this.active &&
      event.agentId === LOOPING_AGENT &&
      (event.sessionId === undefined || event.sessionId === this.#state.sessionId)
    );
  }

  /** Whether a waiting approval is this run's escalation (the view shows it inline). */
  escalates(request: ApprovalRequest): boolean {
    return (
      request.stage === 'cycle' && (this.#ours(request) || (this.active && this.#state.runIds.includes(request.runId)))
    );
  }

  #audit(event: AuditEvent): void {
    if (!this.#ours(event)) return;
    const { runIds, calls, escalation } = this.#state;
    this.#set({
      calls: [...calls, event],
      runIds: runIds.includes(event.runId) ? runIds : [...runIds, event.runId],
    });
    const blocked = event.cycle?.action === 'block' || event.stage === 'cycle';
    if (escalation === undefined && !blocked) this.#readCycle(event.runId);
  }

  #approval(request: ApprovalRequest): void {
    if (typeof request !== 'object' || request === null || typeof request.runId !== 'string') return;
    if (!this.escalates(request)) return;
    const { runIds } = this.#state;
    this.#set({
      escalation: request,
      runIds: runIds.includes(request.runId) ? runIds : [...runIds, request.runId],
    });
    // The run waits for this answer: the last moment its detector is surely there to read.
    this.#readCycle(request.runId);
  }

  /** Reads a run's detector; asks that come while a read is under way make one read (the latest) after it. */
  #readCycle(runId: string): void {
    if (this.#reading) {
      this.#readNext = runId;
      return;
    }
    this.#reading = true;
    const sessionId = this.#state.sessionId;
    this.#api
      .get<RunCycle>(`/runs/${encodeURIComponent(runId)}/cycle`)
      .then(
        ({ body }) => {
          if (this.#state.sessionId !== sessionId) return;
          this.#set({ snapshots: { ...this.#state.snapshots, [runId]: body }, current: runId });
        },
        () => {
          // The run ended before the read: its last snapshot read stays on screen.
        },
      )
      .finally(() => {
        this.#reading = false;
        const next = this.#readNext;
        this.#readNext = undefined;
        if (next !== undefined && this.active) this.#readCycle(next);
      });
  }
}

const runners = new WeakMap<EventHub, LoopRunner>();

export function loopRunner(api: ApiClient, hub: EventHub): LoopRunner {
  let runner = runners.get(hub);
  if (runner === undefined) {
    runner = new LoopRunner(api, hub);
    runners.set(hub, runner);
  }
  return runner;
}

export function useLoopState(runner: LoopRunner): LoopState {
  return useSyncExternalStore(
    (listener) => runner.subscribe(listener),
    () => runner.state,
  );
}
