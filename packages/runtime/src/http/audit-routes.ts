import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import { maySee, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';

/** How many audit events `GET /audit` answers when `?limit=` is not given. */
export const AUDIT_DEFAULT_LIMIT = 200;

/**
 * `GET /audit[?limit=N]`: the cell's latest audit events (it keeps 1,000), oldest first, at most `limit`
 * (1 to 1,000; default 200). A page that opens late reads what came before it, then follows `GET /events`;
 * the two meet on `callId`. An actor token gets its own actor's events only, as on the stream.
 */
export function addAuditRoutes(app: Hono, cell: Cell): void {
  app.get('/audit', (context) => {
    const given = context.req.query('limit');
    const limit = given === undefined ? AUDIT_DEFAULT_LIMIT : Number(given);
    if (!/^\d+$/.test(given ?? '0') || !Number.isSafeInteger(limit) || limit < 1 || limit > 1000) {
      return httpError(
        context,
        'bad_request',
        `limit must be a whole number from 1 to 1000 (how many of the latest events), not ${JSON.stringify(given)}`,
      );
    }
    const scope = scopeOf(context);
    const seen = cell.auditLog().filter((event) => maySee(scope, event.actor));
    return context.json(seen.slice(-limit));
  });
}
