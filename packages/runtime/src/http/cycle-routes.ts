import type { Context, Hono } from 'hono';
import type { CycleSnapshot } from '../cycle/cycle-snapshot.js';
import type { Cell } from '../engine/cell.js';
import type { Run } from '../engine/run.js';
import { maySee, scopedSession, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';
import { RecentRuns } from './recent-runs.js';
import type { SessionRuns } from './session-runs.js';

/**
 * What `GET /runs/:id/cycle` and `GET /sessions/:id/cycle` answer: the run's CycleDetector snapshot and
 * which run it is. `sessionId` is the cell's, as audit events carry it (an actor token's `s1` is `ann/s1`);
 * `agentId` is set on a sub-agent's child run.
 */
export type RunCycleBody = CycleSnapshot & {
  readonly runId: string;
  readonly sessionId?: string;
  readonly agentId?: string;
};

/**
 * `GET /runs/:id/cycle`: the CycleDetector snapshot of a live run of the cell, or of one of the 100 that
 * made its latest calls (so a sub-agent's child run is still there once its task ended: see
 * recent-runs.ts); `GET /sessions/:id/cycle`: that of the API's run for the session.
 * An actor token sees its own actor's runs only; anything else is 404 `unknown_run` / `unknown_session`.
 *
 * The session's run is the one its calls went to: one per (actor, session), so the owner names the
 * actor its calls ran as with `?actor=` (none: the calls that named no actor). A snapshot is read, never
 * made: asking for a session that made no call opens no run.
 *
 * Answers the recent runs it keeps, for the server to `stop()` when it closes.
 */
export function addCycleRoutes(app: Hono, cell: Cell, runs: SessionRuns): RecentRuns {
  const recent = new RecentRuns(cell);
  app.get('/runs/:id/cycle', (context) => {
    const id = context.req.param('id');
    const run = recent.get(id) ?? cell.findRun(id);
    if (run === undefined || !maySee(scopeOf(context), run.params.actor)) {
      return httpError(
        context,
        'unknown_run',
        `no run is known with id ${JSON.stringify(id)}: it never existed here, or it ended and made no call lately`,
      );
    }
    return context.json(cycleBody(run));
  });

  app.get('/sessions/:id/cycle', (context) => {
    const id = context.req.param('id');
    const scope = scopeOf(context);
    const actor = sessionActor(context, scope.actor);
    if (actor instanceof Response) return actor;
    const run = runs.find(actor, scopedSession(scope, id));
    if (run === undefined) {
      const as = actor === undefined || scope.actor !== undefined ? '' : ` as ${JSON.stringify(actor)}`;
      return httpError(
        context,
        'unknown_session',
        `session ${JSON.stringify(id)} has made no call${as} through this API, so it has no CycleDetector yet`,
      );
    }
    return context.json(cycleBody(run));
  });
  return recent;
}

/** The actor whose session run is meant: the token's own, or the owner's `?actor=`; an error answer otherwise. */
function sessionActor(context: Context, own: string | undefined): string | undefined | Response {
  const named = context.req.query('actor');
  if (named === undefined) return own;
  if (named === '') return httpError(context, 'bad_request', 'actor must be a non-empty string when it is given');
  if (own !== undefined && named !== own) {
    return httpError(
      context,
      'forbidden',
      `this token acts as ${JSON.stringify(own)} only; it cannot read the runs of ${JSON.stringify(named)}`,
    );
  }
  return named;
}

function cycleBody(run: Run): RunCycleBody {
  const { sessionId, agent } = run.params;
  return {
    ...run.cycleSnapshot(),
    runId: run.id,
    ...(sessionId === undefined ? {} : { sessionId }),
    ...(agent?.id === undefined ? {} : { agentId: agent.id }),
  };
}
