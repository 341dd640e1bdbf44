import { describe, expect, it } from 'vitest';
import { toToolError } from './to-tool-error.js';
import { ToolError } from './tool-error.js';
import { isToolErrorCode, TOOL_ERROR_WIRE } from './tool-error-code.js';

describe('ToolError', () => {
  it('pins the codes and their wire mapping', () => {
    expect(TOOL_ERROR_WIRE).toMatchInlineSnapshot(`
      {
        "aborted": {
          "http": 499,
          "jsonRpc": -32006,
        },
        "approval_required": {
          "http": 409,
          "jsonRpc": -32003,
        },
        "binary_file": {
          "http": 415,
          "jsonRpc": -32019,
        },
        "conflict": {
          "http": 409,
          "jsonRpc": -32008,
        },
        "cycle_blocked": {
          "http": 429,
          "jsonRpc": -32004,
        },
        "denied": {
          "http": 403,
          "jsonRpc": -32002,
        },
        "edit_ambiguous": {
          "http": 422,
          "jsonRpc": -32024,
        },
        "edit_no_match": {
          "http": 422,
          "jsonRpc": -32023,
        },
        "file_exists": {
          "http": 409,
          "jsonRpc": -32020,
        },
        "file_not_found": {
          "http": 404,
          "jsonRpc": -32016,
        },
        "file_too_large": {
          "http": 413,
          "jsonRpc": -32018,
        },
        "handler_failed": {
          "http": 500,
          "jsonRpc": -32012,
        },
        "hardline_denied": {
          "http": 403,
          "jsonRpc": -32014,
        },
        "internal": {
          "http": 500,
          "jsonRpc": -32603,
        },
        "invalid_arguments": {
          "http": 400,
          "jsonRpc": -32602,
        },
        "invalid_definition": {
          "http": 500,
          "jsonRpc": -32011,
        },
        "no_change": {
          "http": 422,
          "jsonRpc": -32025,
        },
        "not_a_file": {
          "http": 422,
          "jsonRpc": -32017,
        },
        "not_allowed": {
          "http": 403,
          "jsonRpc": -32001,
        },
        "not_found": {
          "http": 404,
          "jsonRpc": -32007,
        },
        "not_implemented": {
          "http": 501,
          "jsonRpc": -32010,
        },
        "not_read": {
          "http": 409,
          "jsonRpc": -32021,
        },
        "patch_invalid": {
          "http": 400,
          "jsonRpc": -32026,
        },
        "patch_no_match": {
          "http": 422,
          "jsonRpc": -32027,
        },
        "path_not_allowed": {
          "http": 403,
          "jsonRpc": -32013,
        },
        "stale_read": {
          "http": 409,
          "jsonRpc": -32022,
        },
        "timeout": {
          "http": 504,
          "jsonRpc": -32005,
        },
        "unavailable": {
          "http": 503,
          "jsonRpc": -32009,
        },
        "unknown_tool": {
          "http": 404,
          "jsonRpc": -32601,
        },
        "zone_denied": {
          "http": 403,
          "jsonRpc": -32015,
        },
      }
    `);
    const rpcCodes = Object.values(TOOL_ERROR_WIRE).map((wire) => wire.jsonRpc);
    expect(new Set(rpcCodes).size).toBe(rpcCodes.length);
  });

  it('is recognised across copies by its marker, not by instanceof', () => {
    const error = new ToolError('not_found', 'no such note: a.md', { data: { path: 'a.md' } });
    expect(ToolError.isInstance(error)).toBe(true);
    expect(ToolError.isInstance(new Error('x'))).toBe(false);
    expect(ToolError.isInstance({ [Symbol.for('wesgine.tool-error')]: true })).toBe(true);
    expect(error).toMatchObject({ code: 'not_found', message: 'no such note: a.md', data: { path: 'a.md' } });
    expect(isToolErrorCode('not_found')).toBe(true);
    expect(isToolErrorCode('nope')).toBe(false);
  });

  it('normalises anything thrown', () => {
    const known = new ToolError('timeout', 'took too long');
    expect(toToolError(known)).toBe(known);
    const fromError = toToolError(new TypeError('boom'));
    expect(fromError).toMatchObject({ code: 'handler_failed', message: 'boom' });
    expect(fromError.cause).toBeInstanceOf(TypeError);
    expect(toToolError('plain')).toMatchObject({ code: 'handler_failed', message: 'plain' });
    expect(toToolError(undefined)).toMatchObject({ message: 'the tool failed without a message' });
    expect(toToolError(new Error(''))).toMatchObject({ message: 'the tool failed without a message' });
  });
});
