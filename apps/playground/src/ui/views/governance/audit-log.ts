import { useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { EventHub } from '../../api/events.js';
import type { AuditEvent } from '../../api/types.js';

/** How many audit events the page keeps: the newest, so a long session does not grow the page without end. */
export const AUDIT_KEPT = 500;

/**
 * The audit events the page knows, newest first: what `GET /audit` had when the page opened (`load`),
 * then every frame of the stream. Every view that shows audit events reads this one list rather than
 * missing what came while it was not on screen. An event is known by its `callId`, so one the history
 * and the stream both carry is kept once.
 */
export class AuditLog {
  #events: readonly AuditEvent[] = [];
  readonly #sessions = new Set<string>();
  readonly #calls = new Set<string>();
  #loaded = false;
  readonly #listeners = new Set<() => void>();

  constructor(hub: EventHub) {
    hub.listen((kind, data) => {
      if (kind === 'audit' && isAuditEvent(data)) this.#add(data);
    });
  }

  /** Newest first; a new array after each event, so React sees the change. */
  get events(): readonly AuditEvent[] {
    return this.#events;
  }

  /** Whether a call of the session was heard: its run then exists, and asking for its state will not 404. */
  heard(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  /** Reads the cell's recent history once (later calls do nothing); a failure leaves the live stream as it is. */
  async load(api: ApiClient): Promise<void> {
    if (this.#loaded) return;
    this.#loaded = true;
    let history: unknown;
    try {
      history = (await api.get<unknown>(`/audit?limit=${AUDIT_KEPT}`)).body;
    } catch {
      return;
    }
    if (!Array.isArray(history)) return;
    const older = history.filter(isAuditEvent).filter((event) => !this.#calls.has(event.callId));
    if (older.length === 0) return;
    for (const event of older) this.#note(event);
    const merged = [...this.#events, ...older.reverse()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    this.#events = merged.slice(0, AUDIT_KEPT);
    this.#tell();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #add(event: AuditEvent): void {
    if (this.#calls.has(event.callId)) return;
    this.#note(event);
    this.#events = [event, ...this.#events.slice(0, AUDIT_KEPT - 1)];
    this.#tell();
  }

  #note(event: AuditEvent): void {
    this.#calls.add(event.callId);
    if (event.sessionId !== undefined) this.#sessions.add(event.sessionId);
  }

  #tell(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

const logs = new WeakMap<EventHub, AuditLog>();

/** The page's audit log for this event stream, started on first use. */
export function keepAuditLog(hub: EventHub): AuditLog {
  let log = logs.get(hub);
  if (log === undefined) {
    log = new AuditLog(hub);
    logs.set(hub, log);
  }
  return log;
}

/** The audit events heard so far, newest first, as component state. */
export function useAuditEvents(hub: EventHub): readonly AuditEvent[] {
  const log = keepAuditLog(hub);
  return useSyncExternalStore(
    (listener) => log.subscribe(listener),
    () => log.events,
  );
}

/** A frame's data is the server's; the page trusts only what it checks. */
export function isAuditEvent(data: unknown): data is AuditEvent {
  if (typeof data !== 'object' || data === null) return false;
  const event = data as Partial<AuditEvent>;
  return (
    typeof event.tool === 'string' &&
    typeof event.outcome === 'string' &&
    typeof event.runId === 'string' &&
    typeof event.callId === 'string' &&
    typeof event.at === 'string'
  );
}
