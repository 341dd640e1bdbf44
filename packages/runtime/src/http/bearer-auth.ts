import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error.js';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Lets a request through only with `Authorization: Bearer <token>`. Both tokens are hashed first so the
 * comparison takes the same time whatever the length or content of the token sent.
 */
export function bearerAuth(token: string): MiddlewareHandler {
  const expected = digest(token);
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
    if (!timingSafeEqual(digest(sent), expected)) {
      return httpError(context, 'unauthorized', 'the bearer token is not valid', {
        'WWW-Authenticate': 'Bearer realm="wesgine", error="invalid_token"',
      });
    }
    await next();
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
