import type { Context } from 'hono';

/**
 * What one client of the API may see and do, decided by its token. The owner (`actor` undefined: the
 * owner token, or every client under `auth: 'none'`) sees everything. A client with an actor token
 * acts as that actor only:
 *
 * - its calls run as its actor (naming another actor is 403 `forbidden`), and its session ids live
 *   under the actor (`s1` of `ann` is the cell's session `ann/s1`), so two actors never share a read
 *   ledger or an approval given for a session;
 * - `/events` sends it only the audit events, approvals and questions whose `actor` is its actor;
 * - `/approvals` and `/questions` list and answer only those; another actor's id is unknown to it;
 * - `/sessions/:id/state` reads its own sessions.
 */
export interface ClientScope {
  readonly actor: string | undefined;
}

/** The scope of a client that may see everything. */
export const OWNER_SCOPE: ClientScope = { actor: undefined };

const scopes = new WeakMap<Request, ClientScope>();

/** Records the scope of the request, once its token was checked. */
export function setScope(context: Context, scope: ClientScope): void {
  scopes.set(context.req.raw, scope);
}

/** The scope recorded by the auth middleware; a route reached without one is a bug, and answers 500. */
export function scopeOf(context: Context): ClientScope {
  const scope = scopes.get(context.req.raw);
  if (scope === undefined) throw new Error('the request reached a route without a client scope');
  return scope;
}

/** Whether a client of `scope` may see what was done or asked as `actor`. */
export function maySee(scope: ClientScope, actor: string | undefined): boolean {
  return scope.actor === undefined || scope.actor === actor;
}

/** The cell's session id for a session id the client sent. */
export function scopedSession(scope: ClientScope, sessionId: string): string {
  return scope.actor === undefined ? sessionId : `${scope.actor}/${sessionId}`;
}
