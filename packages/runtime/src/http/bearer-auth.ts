import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { type ClientScope, OWNER_SCOPE, setScope } from './client-scope.js';
import { httpError } from './http-error.js';

const BEARER = /^Bearer +(\S+) *$/i;

/** A token that acts as one actor only (see `ClientScope`). */
export interface ActorToken {
  readonly token: string;
  readonly actor: string;
}

/**
 * Lets a request through only with `Authorization: Bearer <token>`, one of the owner's or the actors'
 * tokens, and records the client's scope. The token travels in that header only, never in the URL
 * (where logs, history and `Referer` keep it). Every token is hashed and every one compared, so the
 * time taken says nothing about the length or content of the token sent, nor which one it matched.
 */
export function bearerAuth(owner: string | undefined, actors: readonly ActorToken[]): MiddlewareHandler {
  const known: { digest: Buffer; scope: ClientScope }[] = [
    ...(owner === undefined ? [] : [{ digest: digest(owner), scope: OWNER_SCOPE }]),
    ...actors.map(({ token, actor }) => ({ digest: digest(token), scope: { actor } })),
  ];
  return async (context, next) => {
    const sent = BEARER.exec(context.req.header('authorization') ?? '')?.[1];
    if (sent === undefined) {
      return httpError(
        context,
        'unauthorized',
        'this API needs a token: send the header Authorization: Bearer <token>',
        {
          'WWW-Authenticate': 'Bearer realm="wesgine"',
        },
      );
    }
    const hash = digest(sent);
    let scope: ClientScope | undefined;
    for (const candidate of known) {
      if (timingSafeEqual(hash, candidate.digest) && scope === undefined) scope = candidate.scope;
    }
    if (scope === undefined) {
      return httpError(context, 'unauthorized', 'the bearer token is not valid', {
        'WWW-Authenticate': 'Bearer realm="wesgine", error="invalid_token"',
      });
    }
    setScope(context, scope);
    await next();
  };
}

/** Under `auth: 'none'`: every client is the owner. */
export function noAuth(): MiddlewareHandler {
  return async (context, next) => {
    setScope(context, OWNER_SCOPE);
    await next();
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
