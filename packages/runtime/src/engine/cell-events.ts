import type { ToolProgress } from '@wesgine/schema';
import { cut, MAX_EVENT_MESSAGE } from '../pipeline/event-message.js';
import { ignoreRejection } from '../pipeline/ignore-rejection.js';

/** Who a call's event belongs to: the run's ids and the tool's own name. */
export interface CallEventOrigin {
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly actor: string | undefined;
  readonly tool: string;
  /** The call's id, the same on each event of one call. */
  readonly callId: string;
}

/**
 * What a cell tells its listeners besides audit events: a handler's progress and log lines (for
 * every source: a pack's handler, an MCP server's `notifications/progress`, a plugin's), and the
 * life of its sources (an MCP server or plugin connecting, going down, a tool left out for a clash).
 */
export type CellEvent =
  | ({ readonly kind: 'progress' } & CallEventOrigin & ToolProgress)
  | ({
      readonly kind: 'log';
      readonly level: 'debug' | 'info' | 'warn' | 'error';
      readonly message: string;
      readonly data?: unknown;
    } & CallEventOrigin)
  | {
      readonly kind: 'source';
      readonly cellId: string;
      /** `mcp:<server>`, `plugin:<name>`, `adapter:<name>`. */
      readonly sourceId: string;
      /** `connecting`, `ready`, `down`, `removed`; `warning` for a note such as a skipped tool. */
      readonly state: 'connecting' | 'ready' | 'down' | 'removed' | 'warning';
      readonly message: string;
      readonly at: string;
    };

/** The cell's event fan-out: a listener that throws is skipped, never thrown into the pipeline. */
export class CellEvents {
  readonly #listeners = new Set<(event: CellEvent) => void>();

  on(listener: (event: CellEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether anyone listens: a caller may skip building an event nobody reads. */
  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  /** Tells the listeners there are now: one added while the event is told hears the next one. */
  emit(given: CellEvent): void {
    // A source's message may carry a server's own text (an error, a reason): cut like a log line.
    const event =
      given.kind === 'source' && typeof given.message === 'string' && given.message.length > MAX_EVENT_MESSAGE
        ? { ...given, message: cut(given.message) }
        : given;
    for (const listener of [...this.#listeners]) {
      try {
        ignoreRejection(listener(event));
      } catch {}
    }
  }
}

/** The state a `source` event reports. */
export type SourceState = Extract<CellEvent, { kind: 'source' }>['state'];

/** Emits a `source` event of `sourceId` on the cell, stamped now: how every tool source tells its state. */
export function emitSourceEvent(
  cell: { readonly id: string; readonly events: CellEvents },
  sourceId: string,
  state: SourceState,
  message: string,
): void {
  cell.events.emit({ kind: 'source', cellId: cell.id, sourceId, state, message, at: new Date().toISOString() });
}
