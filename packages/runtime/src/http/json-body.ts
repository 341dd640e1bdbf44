import type { Context, MiddlewareHandler } from 'hono';
import { httpError } from './http-error.js';
import { JSON_DEPTH_LIMIT, nestsDeeperThan } from './json-depth.js';

export type JsonObject = Record<string, unknown>;

export type ReadJson =
  | { readonly ok: true; readonly value: JsonObject }
  | { readonly ok: false; readonly response: Response };

/** Reads the body of a request that carries arguments or a decision. */
export type ReadBody = (context: Context) => Promise<ReadJson>;

/**
 * Answers 413 at once when a request states a length over `limit`. A body without a stated length
 * (chunked) is counted as it is read, by `jsonBodyReader`. (Hono's `bodyLimit` middleware touches the
 * request's body stream on every request, which makes @hono/node-server build a full `Request` and
 * costs more than the rest of a call; this checks the header alone.)
 */
export function statedLengthLimit(limit: number): MiddlewareHandler {
  return async (context, next) => {
    const stated = context.req.header('content-length');
    if (stated !== undefined && context.req.header('transfer-encoding') === undefined && Number(stated) > limit) {
      return tooLarge(context, limit);
    }
    await next();
  };
}

/**
 * Reads a request body that must be a JSON object of at most `limit` bytes and `JSON_DEPTH_LIMIT`
 * levels of nesting, sent as `application/json` (or a `+json` type). The media type is required so that a page on another site cannot post to this
 * API with a plain form: a cross-site `application/json` request needs a CORS preflight, which this API
 * never grants.
 */
export function jsonBodyReader(limit: number): ReadBody {
  return async (context) => {
    const type = (context.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== 'application/json' && !(type.startsWith('application/') && type.endsWith('+json'))) {
      const sent = type === '' ? 'no Content-Type' : `Content-Type ${type}`;
      return refuse(context, 'unsupported_media_type', `send the body as application/json (got ${sent})`);
    }
    const text = await readText(context, limit);
    if (text === undefined) return { ok: false, response: tooLarge(context, limit) };
    // Before the parse: what is never built is never walked, by the parse or by anything after it.
    if (nestsDeeperThan(text, JSON_DEPTH_LIMIT)) {
      return refuse(
        context,
        'too_deep',
        `the body nests arrays and objects deeper than the limit of ${JSON_DEPTH_LIMIT} levels`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const what = text.trim() === '' ? 'the body is empty' : 'the body is not valid JSON';
      return refuse(context, 'invalid_json', `${what}; send a JSON object`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      return refuse(context, 'invalid_body', `the body must be a JSON object, not ${kind}`);
    }
    return { ok: true, value: value as JsonObject };
  };
}

/** The body as text, or undefined when it is longer than `limit` bytes. */
async function readText(context: Context, limit: number): Promise<string | undefined> {
  // A stated length was checked by `statedLengthLimit`; the body cannot be longer than it says.
  if (context.req.header('content-length') !== undefined && context.req.header('transfer-encoding') === undefined) {
    return context.req.text();
  }
  const reader = context.req.raw.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(context: Context, limit: number): Response {
  return httpError(context, 'payload_too_large', `the body is larger than the limit of ${limit} bytes`);
}

function refuse(
  context: Context,
  code: 'unsupported_media_type' | 'invalid_json' | 'invalid_body' | 'too_deep',
  message: string,
) {
  return { ok: false, response: httpError(context, code, message) } as const;
}

/** The first key of `body` that is not in `allowed`, for a message that names it. */
export function unknownKey(body: JsonObject, allowed: readonly string[]): string | undefined {
  return Object.keys(body).find((key) => !allowed.includes(key));
}
