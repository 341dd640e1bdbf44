import { ToolError } from './tool-error.js';

/**
 * Turns anything thrown into a `ToolError`. A `ToolError` passes through; anything else becomes
 * `handler_failed` with the original kept as `cause` (never shown to the model: only its message is).
 */
export function toToolError(thrown: unknown): ToolError {
  if (ToolError.isInstance(thrown)) return thrown;
  const message =
    thrown instanceof Error
      ? thrown.message
      : typeof thrown === 'string'
        ? thrown
        : 'the tool failed without a message';
  return new ToolError('handler_failed', message || 'the tool failed without a message', { cause: thrown });
}
