import { type JsonObject, unknownKey } from './json-body.js';

/** `POST /tools/:name/call` after its body and headers were read. */
export interface CallRequest {
  readonly args: JsonObject;
  readonly actor: string | undefined;
  readonly sessionId: string | undefined;
  /** The body's `dialect`, as given: `call-dialect.ts` checks it against the query's. */
  readonly dialect: string | undefined;
  /** Whether the answer carries the call's steps (`trace: CallStep[]` beside the result). */
  readonly trace: boolean;
}

export type ParsedCall =
  | { readonly ok: true; readonly value: CallRequest }
  | { readonly ok: false; readonly message: string };

const FIELDS = ['args', 'actor', 'sessionId', 'dialect', 'trace'] as const;

/**
 * The call's body is `{ args?, actor?, sessionId?, dialect?, trace? }`. `args` left out means `{}`;
 * `dialect` names the provider dialect `args` came in (`openai-strict`, `gemini`, ...); `trace: true`
 * asks for the call's steps beside its result (the playground draws them). `actor` and
 * `sessionId` fall back to the `x-wesgine-actor` and `x-wesgine-session` headers (an empty header counts
 * as absent). The shape of the envelope is checked here; the arguments themselves are the pipeline's to
 * validate, and a mistake there is a `ToolResult` with `invalid_arguments`, not an HTTP error.
 */
export function parseCallRequest(
  body: JsonObject,
  headers: { readonly actor: string | undefined; readonly session: string | undefined },
): ParsedCall {
  const extra = unknownKey(body, FIELDS);
  if (extra !== undefined) {
    return {
      ok: false,
      message: `unknown field '${extra}' in the body; it takes args, actor, sessionId, dialect and trace (the tool's arguments go under args)`,
    };
  }
  const { args = {}, actor, sessionId, dialect, trace = false } = body;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { ok: false, message: "'args' must be a JSON object of the tool's arguments" };
  }
  if (typeof trace !== 'boolean') return { ok: false, message: "'trace' must be true or false" };
  for (const [field, value] of [
    ['actor', actor],
    ['sessionId', sessionId],
    ['dialect', dialect],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      return { ok: false, message: `'${field}' must be a non-empty string` };
    }
  }
  return {
    ok: true,
    value: {
      args: args as JsonObject,
      actor: (actor as string | undefined) ?? (headers.actor || undefined),
      sessionId: (sessionId as string | undefined) ?? (headers.session || undefined),
      dialect: dialect as string | undefined,
      trace,
    },
  };
}
