import type { Context } from 'hono';
import { scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';

/**
 * The 403 for a client with an actor token on a route of the owner's (what governs the cell, which
 * sources it has), or undefined for the owner: an actor sees its own runs, not the cell's set-up.
 */
export function ownerOnly(context: Context, what: string): Response | undefined {
  const { actor } = scopeOf(context);
  if (actor === undefined) return undefined;
  return httpError(
    context,
    'forbidden',
    `this token acts as ${JSON.stringify(actor)}; ${what} is for the owner's token only`,
  );
}
