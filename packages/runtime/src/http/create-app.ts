import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { Cell } from '../engine/cell.js';
import { addApprovalRoutes } from './approval-routes.js';
import { bearerAuth } from './bearer-auth.js';
import { EventStreams } from './event-stream.js';
import { httpError } from './http-error.js';
import { jsonBodyReader, statedLengthLimit } from './json-body.js';
import { addQuestionRoutes } from './question-routes.js';
import { SessionRuns } from './session-runs.js';
import { addToolRoutes } from './tool-routes.js';

/** The largest request body taken unless `bodyLimit` says otherwise: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** The largest request body in bytes; larger ones get 413. Default 1 MiB. */
  readonly bodyLimit?: number;
  /**
   * Whether calls may wait for a person (default true): runs get the cell's approval queue as their
   * human, and `/approvals`, `/questions`, `event: approval` and `event: question` exist. When false, a
   * call that needs approval is refused with `approval_required`, `ask_user` says nobody can answer,
   * and those routes answer 404.
   */
  readonly approvals?: boolean;
  /** Receives every error that the API answers as a 500 (the client sees no details). Default: stderr. */
  readonly onError?: (error: unknown) => void;
}

/** The app and what `serve` needs to close it promptly. */
export interface AssembledApp {
  readonly app: Hono;
  readonly streams: EventStreams;
}

/**
 * The HTTP API of one cell as a Hono app, to test with `app.request(...)` or to mount in another app.
 * `serve` runs it on a socket.
 */
export function createApp(cell: Cell, options: AppOptions = {}): Hono {
  return assembleApp(cell, options).app;
}

export function assembleApp(cell: Cell, options: AppOptions = {}): AssembledApp {
  const { token, approvals = true, onError = reportToStderr } = options;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (token !== undefined && token.trim() === '') throw new TypeError('the token must not be empty');
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new TypeError(`bodyLimit must be a positive whole number of bytes, got ${limit}`);
  }
  const app = new Hono();
  const streams = new EventStreams({ cell, approvals });
  const runs = new SessionRuns((actor, sessionId) =>
    cell.run({
      ...(actor === undefined ? {} : { actor }),
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(approvals ? { human: cell.approvals() } : {}),
    }),
  );

  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (context, methods) =>
        httpError(
          context,
          'method_not_allowed',
          `${context.req.method} is not allowed on ${context.req.path}; use ${methods.join(' or ')}`,
          { Allow: methods.join(', ') },
        ),
    }),
  );
  if (token !== undefined) app.use(bearerAuth(token));
  app.use(statedLengthLimit(limit));

  const readBody = jsonBodyReader(limit);
  addToolRoutes(app, cell, runs, readBody);
  if (approvals) {
    addApprovalRoutes(app, cell.approvals(), readBody);
    addQuestionRoutes(app, cell.approvals(), readBody);
  }
  app.get('/sessions/:id/state', (context) => {
    const id = context.req.param('id');
    const state = cell.sessionSnapshot(id);
    if (state === undefined) {
      return httpError(
        context,
        'unknown_session',
        `session ${JSON.stringify(id)} has no tool state (no plan, no reads) yet`,
      );
    }
    return context.json(state);
  });
  app.get('/events', (context) => streams.respond(context.req.raw.signal));

  app.notFound((context) =>
    httpError(context, 'not_found', `there is no route ${context.req.method} ${context.req.path}`),
  );
  app.onError((error, context) => {
    try {
      onError(error);
    } catch {
      // A failing reporter must not turn the 500 into something else.
    }
    return httpError(context, 'internal', 'the server failed to answer this request');
  });
  return { app, streams };
}

function reportToStderr(error: unknown): void {
  console.error('wesgine http: a request failed', error);
}
