import type { ApprovalRequest, QuestionRequest } from '../approval/approval-request.js';
import type { Cell } from '../engine/cell.js';
import type { CellEvent } from '../engine/cell-events.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import { type ClientScope, maySee, OWNER_SCOPE } from './client-scope.js';

/** A comment line every this often, so proxies and clients see that an idle stream is alive. */
export const HEARTBEAT_MS = 15_000;

/** Frames queued for one client before it counts as gone: it falls this far behind, it is dropped. */
export const EVENTS_QUEUED_MAX = 1000;

export interface EventSources {
  readonly cell: Cell;
  /** Whether approval requests are sent too (`event: approval`). */
  readonly approvals: boolean;
}

/**
 * The open `GET /events` streams of one app, so that the server can end them all when it closes.
 * Each stream sends `event: audit` for every audit event of the cell, `event: progress` and
 * `event: log` for every progress update and log line of a call, `event: source` for every state change
 * of a source (an MCP server, a plugin), `event: approval` for every approval put to its approval queue
 * and `event: question` for every tool question (`ask_user`), as one line of JSON each, and a comment
 * every 15 s. A client with an actor token gets only those whose `actor` is its actor, and no source
 * events. Its listeners go when the client goes, when it falls 1,000 frames behind (the stream then
 * ends after what is queued), or when `endAll` runs.
 */
export class EventStreams {
  readonly #open = new Set<() => void>();
  readonly #sources: EventSources;

  constructor(sources: EventSources) {
    this.#sources = sources;
  }

  /**
   * A new stream's response; `signal` is the request's, which aborts when the client disconnects, and
   * `scope` says whose events it carries.
   */
  respond(signal: AbortSignal, scope: ClientScope = OWNER_SCOPE): Response {
    const { cell, approvals } = this.#sources;
    const encoder = new TextEncoder();
    let end = () => {};
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          let ended = false;
          // Called from the cell's listeners: it must never throw into the pipeline that emits the event.
          const send = (text: string) => {
            if (ended) return;
            if ((controller.desiredSize ?? 0) <= -EVENTS_QUEUED_MAX) return end();
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              end();
            }
          };
          const sendEvent = (event: string, data: object, actor: string | undefined) => {
            if (ended || !maySee(scope, actor)) return;
            let text: string;
            try {
              text = frame(event, event === 'log' ? withDataCut(data as { data?: unknown }) : data);
            } catch {
              // Data JSON cannot hold (a cycle, a nesting past the stack): the client learns that one was
              // left out rather than the pipeline that emitted it seeing a throw.
              text = `: one ${event} event was left out: it cannot be written as JSON\n\n`;
            }
            send(text);
          };
          const stopAudit = cell.onAudit((event: AuditEvent) => sendEvent('audit', event, event.actor));
          // Progress and log lines are a call's, so they go where its audit event goes; a source's life
          // (connecting, down, a tool left out) is the cell's own business, for the owner only.
          const stopEvents = cell.onEvent((event: CellEvent) => {
            if (event.kind !== 'source') sendEvent(event.kind, event, event.actor);
            else if (scope.actor === undefined) sendEvent('source', event, undefined);
          });
          const stopApprovals = approvals
            ? cell.approvals().onRequest((request: ApprovalRequest) => sendEvent('approval', request, request.actor))
            : () => {};
          const stopQuestions = approvals
            ? cell.approvals().onQuestion((request: QuestionRequest) => sendEvent('question', request, request.actor))
            : () => {};
          const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
          end = () => {
            if (ended) return;
            ended = true;
            stopAudit();
            stopEvents();
            stopApprovals();
            stopQuestions();
            clearInterval(heartbeat);
            this.#open.delete(end);
            try {
              // The client reads what is queued, then sees the response end. A dropped client holds at
              // most EVENTS_QUEUED_MAX frames until it reads them or goes.
              controller.close();
            } catch {
              // Already cancelled by the client.
            }
          };
          this.#open.add(end);
          // A first comment: the client knows the stream is live (the listeners are already in place).
          send(': connected\n\n');
        },
        cancel: () => end(),
      },
      { highWaterMark: 1 },
    );
    signal.addEventListener('abort', () => end(), { once: true });
    return new Response(body, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }

  /** Ends every open stream; their clients see the end of the response. */
  endAll(): void {
    for (const end of [...this.#open]) end();
  }

  get size(): number {
    return this.#open.size;
  }
}

/** The most characters of JSON a log event's `data` carries to a client; past it the data is left out. */
export const EVENT_DATA_MAX = 64_000;

/**
 * A log event whose data is past EVENT_DATA_MAX in JSON, with a note in place of its data: a handler's
 * data is its own business, and a few huge lines would otherwise fill every client's queue.
 */
function withDataCut(event: { data?: unknown }): object {
  if (event.data === undefined) return event;
  const json = JSON.stringify(event.data);
  if (json === undefined || json.length <= EVENT_DATA_MAX) return event;
  return {
    ...event,
    data: `(left out: ${json.length} characters of JSON, more than the ${EVENT_DATA_MAX} an event carries)`,
  };
}

function frame(event: string, data: unknown): string {
  // JSON.stringify escapes line breaks, so the data is always one `data:` line.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
