import type { TObject } from '@wesgine/schema';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { Cell } from '../engine/cell.js';
import type { SdkTool } from '../engine/sdk-tool.js';
import { addApprovalRoutes } from './approval-routes.js';
import { addAuditRoutes } from './audit-routes.js';
import { type AuthOptions, authMiddleware } from './auth-options.js';
import { addCallRoutes } from './call-routes.js';
import { addCatalogueRoutes } from './catalogue-routes.js';
import { scopedSession, scopeOf } from './client-scope.js';
import { addCompression } from './compression.js';
import { addCycleRoutes } from './cycle-routes.js';
import { EventStreams } from './event-stream.js';
import { addGovernanceRoutes } from './governance-routes.js';
import { httpError } from './http-error.js';
import { jsonBodyReader, statedLengthLimit } from './json-body.js';
import { addPageHeaders, addPageRoutes, type PageOptions } from './page-routes.js';
import { addQuestionRoutes } from './question-routes.js';
import { APP_HOSTS, requestGuard } from './request-guard.js';
import { SessionRuns } from './session-runs.js';
import { addSourceRoutes } from './source-routes.js';
import { addToolRoutes } from './tool-routes.js';
import { WaitingCalls } from './waiting-calls.js';

/** The largest request body taken unless `bodyLimit` says otherwise: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppOptions extends AuthOptions {
  /**
   * The `Host` values the app answers to, exactly as clients send them (`tools.internal:8080`; the port
   * left out for 80); any other is refused with 421. `createApp` accepts `localhost`, `127.0.0.1` and
   * `[::1]` (no port, as `app.request` sends) unless told; `serve` adds the names of its own address.
   */
  readonly allowedHosts?: readonly string[];
  /** The largest request body in bytes; larger ones get 413. Default 1 MiB. */
  readonly bodyLimit?: number;
  /**
   * Whether calls may wait for a person (default true): runs get the cell's approval queue as their
   * human, and `/approvals`, `/questions`, `/calls`, `event: approval` and `event: question` exist (a
   * call that waits for a person answers 202 with where to answer). When false, a
   * call that needs approval is refused with `approval_required`, `ask_user` says nobody can answer,
   * and those routes answer 404.
   */
  readonly approvals?: boolean;
  /** Receives every error that the API answers as a 500 (the client sees no details). Default: stderr. */
  readonly onError?: (error: unknown) => void;
  /** A built web page to serve at `/` from the same origin (the playground); none when absent. */
  readonly page?: PageOptions;
  /**
   * Per-run tools of each (actor, session) run the API opens: called once when the session's run is
   * opened, and its tools are that run's own (`RunParams.tools`), listed by `GET /catalogue?session=`.
   */
  readonly runTools?: (session: {
    readonly actor: string | undefined;
    readonly sessionId: string | undefined;
  }) => readonly SdkTool<TObject>[];
}

/** The app and what `serve` needs to close it promptly. */
export interface AssembledApp {
  readonly app: Hono;
  readonly streams: EventStreams;
  /** Stops what the app keeps listening to on the cell (the recent runs): the cell may outlive the server. */
  release(): void;
}

/**
 * The HTTP API of one cell as a Hono app, to test with `app.request(...)` or to mount in another app.
 * `serve` runs it on a socket.
 */
export function createApp(cell: Cell, options: AppOptions = {}): Hono {
  return assembleApp(cell, options).app;
}

export function assembleApp(cell: Cell, options: AppOptions = {}): AssembledApp {
  const { approvals = true, onError = reportToStderr } = options;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const authenticate = authMiddleware(options);
  const hosts = checkHosts(options.allowedHosts ?? APP_HOSTS);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new TypeError(`bodyLimit must be a positive whole number of bytes, got ${limit}`);
  }
  const app = new Hono();
  const streams = new EventStreams({ cell, approvals });
  // A call that waits for a person answers 202 at once, saying where to answer (waiting-calls.ts).
  const calls = new WaitingCalls(cell.approvals());
  const { runTools } = options;
  const runs = new SessionRuns((actor, sessionId) =>
    cell.run({
      ...(actor === undefined ? {} : { actor }),
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(approvals ? { human: calls.human() } : {}),
      ...(runTools === undefined ? {} : { tools: runTools({ actor, sessionId }) }),
    }),
  );

  // A page path's every answer carries the page's headers, the guard's refusals too.
  if (options.page !== undefined) addPageHeaders(app);
  // Host and Origin first: what a web page sends is refused before the method, the token or a route.
  app.use(requestGuard(hosts));
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
  addCompression(app);
  // The page before the token: it holds no secret, and reads its token from the URL's fragment.
  if (options.page !== undefined) addPageRoutes(app, options.page);
  app.use(authenticate);
  app.use(statedLengthLimit(limit));

  const readBody = jsonBodyReader(limit);
  addToolRoutes(app, cell, runs, readBody, calls);
  if (approvals) {
    addApprovalRoutes(app, cell.approvals(), readBody);
    addQuestionRoutes(app, cell.approvals(), readBody);
    addCallRoutes(app, calls);
  }
  app.get('/sessions/:id/state', (context) => {
    const id = context.req.param('id');
    const state = cell.sessionSnapshot(scopedSession(scopeOf(context), id));
    if (state === undefined) {
      return httpError(
        context,
        'unknown_session',
        `session ${JSON.stringify(id)} has no tool state (no plan, no reads) yet`,
      );
    }
    return context.json(state);
  });
  addAuditRoutes(app, cell);
  addCatalogueRoutes(app, cell, runs);
  addGovernanceRoutes(app, cell, approvals);
  addSourceRoutes(app, cell, readBody);
  const recent = addCycleRoutes(app, cell, runs);
  app.get('/events', (context) => streams.respond(context.req.raw.signal, scopeOf(context)));

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
  return { app, streams, release: () => recent.stop() };
}

/** A Host value: a name or an IPv4 address or a bracketed IPv6 address, and an optional port. */
const HOST_VALUE = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The `allowedHosts` option checked: Host values as clients send them; a bad one is a `TypeError`. */
export function checkHosts(hosts: readonly string[]): readonly string[] {
  if (!Array.isArray(hosts)) throw new TypeError('allowedHosts must be a list of Host values');
  for (const host of hosts) {
    if (typeof host !== 'string' || !HOST_VALUE.test(host)) {
      throw new TypeError(
        `allowedHosts takes Host values as clients send them, such as "tools.internal:8080", not ${JSON.stringify(host)}`,
      );
    }
  }
  return hosts;
}

function reportToStderr(error: unknown): void {
  console.error('wesgine http: a request failed', error);
}
