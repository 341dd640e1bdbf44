import { TOOL_ERROR_WIRE } from '@wesgine/schema';
import type { Context } from 'hono';

/**
 * The HTTP API's own error codes and their statuses: one table, kept apart from the tool error codes
 * (`TOOL_ERROR_WIRE`). A tool's refusal is not an HTTP error: it is a `ToolResult` answered with 200.
 * The one exception, `unknown_tool`, takes its status from the tool table.
 */
export const HTTP_ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  invalid_body: 400,
  too_deep: 400,
  unknown_dialect: 400,
  unauthorized: 401,
  origin_not_allowed: 403,
  forbidden: 403,
  not_found: 404,
  unknown_tool: TOOL_ERROR_WIRE.unknown_tool.http,
  unknown_approval: 404,
  unknown_call: 404,
  unknown_question: 404,
  unknown_run: 404,
  unknown_session: 404,
  unknown_source: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  host_not_allowed: 421,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type HttpErrorCode = keyof typeof HTTP_ERROR_STATUS;

/** The body of every error answer. */
export interface HttpErrorBody {
  readonly error: { readonly code: HttpErrorCode; readonly message: string };
}

/** Answers `{ error: { code, message } }` with the code's status. */
export function httpError(
  context: Context,
  code: HttpErrorCode,
  message: string,
  headers?: Record<string, string>,
): Response {
  const body: HttpErrorBody = { error: { code, message } };
  return context.json(body, HTTP_ERROR_STATUS[code], headers);
}

/** The same answer where there is no Hono context: a request the server could not even read. */
export function httpErrorResponse(code: HttpErrorCode, message: string): Response {
  const body: HttpErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), {
    status: HTTP_ERROR_STATUS[code],
    headers: { 'content-type': 'application/json' },
  });
}
