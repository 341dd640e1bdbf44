import { DIALECT_NAMES, type DialectName, isDialectName } from '@wesgine/schema';

export type CallDialect =
  | { readonly ok: true; readonly dialect: DialectName | undefined }
  | { readonly ok: false; readonly code: 'unknown_dialect' | 'invalid_body'; readonly message: string };

/** What `?dialect=` or a `dialect` field that names no dialect is told. */
export function unknownDialect(value: string): string {
  return `unknown dialect ${JSON.stringify(value)}; use one of ${DIALECT_NAMES.join(', ')}`;
}

/**
 * The dialect a call's arguments came in: `?dialect=` in the query or `dialect` in the body, the same
 * one when both are given. Neither means the arguments are in the tool's own shape.
 */
export function callDialect(query: string | undefined, body: string | undefined): CallDialect {
  if (query !== undefined && body !== undefined && query !== body) {
    return {
      ok: false,
      code: 'invalid_body',
      message: `the query says dialect ${JSON.stringify(query)} and the body ${JSON.stringify(body)}; give the dialect once`,
    };
  }
  const given = query ?? body;
  if (given === undefined) return { ok: true, dialect: undefined };
  if (!isDialectName(given)) return { ok: false, code: 'unknown_dialect', message: unknownDialect(given) };
  return { ok: true, dialect: given };
}
