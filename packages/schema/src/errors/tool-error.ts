import type { ToolErrorCode } from './tool-error-code.js';

const MARKER = Symbol.for('wesgine.tool-error');

export interface ToolErrorOptions {
  readonly data?: unknown;
  readonly cause?: unknown;
}

/**
 * The one error a tool throws to fail. `code` is from a closed union; `message` is what the model reads,
 * so it says what to change. Tell errors apart with `ToolError.isInstance`, which works across copies of
 * this package (a plain `instanceof` does not when two versions are installed).
 */
export class ToolError extends Error {
  readonly [MARKER] = true;
  readonly code: ToolErrorCode;
  readonly data: unknown;

  constructor(code: ToolErrorCode, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolError';
    this.code = code;
    this.data = options.data;
  }

  static isInstance(value: unknown): value is ToolError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
