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
  /** The sub-agent's own run, learnt from its first audit event. */
  readonly childRunId: string | undefined;
  /** The sub-agent's calls as they ended, oldest first. */
  readonly calls: readonly AuditEvent[];
  /** The CycleDetector of the child run, as last read (kept when the run is gone). */
  readonly snapshot: RunCycle | undefined;
  /** The CycleDetector's question to a person when the agent kept failing. */
  readonly escalation: ApprovalRequest | undefined;
  readonly result: TracedResult | undefined;
  readonly error: unknown;
}

const IDLE: LoopState = {
  status: 'idle',
  sessionId: undefined,
  childRunId: undefined,
  calls: [],
  snapshot: undefined,
  escalation: undefined,
  result: undefined,
  error: undefined,
};

/** What the agent is told; its script does not read it, but a person sees what it was asked. */
export const LOOP_TASK = 'Go through notes/todo.md and notes/missing.md and sum up what is left to do.';

/**
 * One run of the looping agent at a time, kept for the page (a person may answer the escalation in
 * Governance and come back). It calls `looping_agent` with a fresh session and `trace`, follows a 202
 * with `GET /calls/:id?wait=30` until the result, and hears the child run's audit events and the
 * escalation's approval from the event stream. The child's CycleDetector is read after each of its calls
 * until the escalation is asked (while the run surely exists), so no read asks for a run that has ended.
 */
export class LoopRunner {
  readonly #api: ApiClient;
  #state: LoopState = IDLE;
  readonly #listeners = new Set<() => void>();
  #reading = false;
  #readAgain = false;

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

  /** Whether an event is the current run's sub-agent's: its agent, and this run's session (or none). */
  #ours(event: { agentId?: string | undefined; sessionId?: string | undefined; runId: string }): boolean {
    const { childRunId, sessionId } = this.#state;
    if (!this.active || event.agentId !== LOOPING_AGENT) return false;
    if (childRunId !== undefined) return event.runId === childRunId;
    return event.sessionId === undefined || event.sessionId === sessionId;
  }

  /** The escalation is asked for the sub-agent: by its agent, its session or its run, whichever it names. */
  #mayBeOurs(request: ApprovalRequest): boolean {
    const { childRunId, sessionId } = this.#state;
    return request.agentId === LOOPING_AGENT || request.sessionId === sessionId || request.runId === childRunId;
  }

  /** Whether a waiting approval is this run's escalation (the view shows it inline). */
  escalates(request: ApprovalRequest): boolean {
    return this.active && request.stage === 'cycle' && this.#mayBeOurs(request);
  }

  #audit(event: AuditEvent): void {
    if (!this.#ours(event)) return;
    this.#set({ childRunId: event.runId, calls: [...this.#state.calls, event] });
    if (this.#state.escalation === undefined) this.#readCycle();
  }

  #approval(request: ApprovalRequest): void {
    if (typeof request !== 'object' || request === null || typeof request.runId !== 'string') return;
    if (!this.active || request.stage !== 'cycle' || !this.#mayBeOurs(request)) return;
    this.#set({ escalation: request, childRunId: this.#state.childRunId ?? request.runId });
    // The run waits for this answer: the last moment its detector is surely there to read.
    this.#readCycle();
  }

  /** Reads the child's detector; calls that come while a read is under way make one more read after it. */
  #readCycle(): void {
    const runId = this.#state.childRunId;
    if (runId === undefined) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    this.#api
      .get<RunCycle>(`/runs/${encodeURIComponent(runId)}/cycle`)
      .then(
        ({ body }) => {
          if (this.#state.childRunId === runId) this.#set({ snapshot: body });
        },
        () => {
          // The run ended before the read: the last snapshot read stays on screen.
        },
      )
      .finally(() => {
        this.#reading = false;
        if (this.#readAgain) {
          this.#readAgain = false;
          this.#readCycle();
        }
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
