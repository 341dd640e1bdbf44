import { TOOL_ERROR_WIRE } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_STATUS } from './http-error.js';

describe('HTTP_ERROR_STATUS', () => {
  it('pins every code of the HTTP API to its status', () => {
    expect(HTTP_ERROR_STATUS).toEqual({
      bad_request: 400,
      invalid_json: 400,
      invalid_body: 400,
      too_deep: 400,
      unknown_dialect: 400,
      unauthorized: 401,
      origin_not_allowed: 403,
      forbidden: 403,
      not_found: 404,
      unknown_tool: 404,
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
    });
  });

  it('takes the status of unknown_tool from the tool error table', () => {
    expect(HTTP_ERROR_STATUS.unknown_tool).toBe(TOOL_ERROR_WIRE.unknown_tool.http);
  });
});
