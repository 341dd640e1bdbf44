import type { MiddlewareHandler } from 'hono';
import { type ActorToken, bearerAuth, noAuth } from './bearer-auth.js';

/** Who may use the API, as `createApp` and `serve` take it. */
export interface AuthOptions {
  /** The owner's token: a request with `Authorization: Bearer <token>` may do and see everything. */
  readonly token?: string;
  /** Tokens that act as one actor each and see that actor's runs only (see the README). */
  readonly actorTokens?: readonly ActorToken[];
  /**
   * `'token'` (the default) needs a token on every request. `'none'` turns that off on purpose: then
   * any program on this machine may run the cell's tools. The Host and Origin checks hold either way.
   */
  readonly auth?: 'token' | 'none';
}

/** A token as it can travel in a header: visible ASCII, no spaces. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;

/** Checks the options and gives the middleware that authenticates each request and records its scope. */
export function authMiddleware(options: AuthOptions): MiddlewareHandler {
  const { token, actorTokens = [], auth = 'token' } = options;
  if (auth !== 'token' && auth !== 'none') {
    throw new TypeError(`auth must be 'token' or 'none', got ${JSON.stringify(auth)}`);
  }
  if (auth === 'none') {
    if (token !== undefined || actorTokens.length > 0) {
      throw new TypeError("auth: 'none' takes no tokens; leave token and actorTokens unset, or leave auth out");
    }
    return noAuth();
  }
  if (token === undefined && actorTokens.length === 0) {
    throw new TypeError(
      "the API needs a token (or actorTokens); set auth: 'none' to let any local program in, on purpose",
    );
  }
  const seen = new Set<string>();
  const check = (value: unknown, whose: string) => {
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${whose} must not be empty`);
    if (!TOKEN_TEXT.test(value)) {
      throw new TypeError(`${whose} must be visible ASCII without spaces: it travels in an Authorization header`);
    }
    if (seen.has(value)) throw new TypeError(`${whose} is the same as another token; give every client its own`);
    seen.add(value);
  };
  if (token !== undefined) check(token, 'the token');
  for (const entry of actorTokens) {
    if (typeof entry?.actor !== 'string' || entry.actor === '') {
      throw new TypeError('every actor token needs an actor: a non-empty string');
    }
    check(entry.token, `the token of actor ${JSON.stringify(entry.actor)}`);
  }
  return bearerAuth(token, actorTokens);
}
