import { useSyncExternalStore } from 'react';
import type { EventHub } from '../../api/events.js';
import type { AuditEvent } from '../../api/types.js';

/** How many audit events the page keeps: the newest, so a long session does not grow the page without end. */
export const AUDIT_KEPT = 500;

/**
 * The audit events the page has heard, newest first. The API keeps no history to ask for, so the page
 * keeps its own from the moment the log starts (`keepAuditLog` at start-up), and every view that shows
 * audit events reads this one list rather than missing what came while it was not on screen.
 */
export class AuditLog {
  #events: readonly AuditEvent[] = [];
  readonly #sessions = new Set<string>();
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

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #add(event: AuditEvent): void {
    this.#events = [event, ...this.#events.slice(0, AUDIT_KEPT - 1)];
    if (event.sessionId !== undefined) this.#sessions.add(event.sessionId);
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
  return typeof event.tool === 'string' && typeof event.outcome === 'string' && typeof event.runId === 'string';
}
