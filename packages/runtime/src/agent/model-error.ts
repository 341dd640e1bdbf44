const MARKER = Symbol.for('wesgine.model-error');

export interface ModelErrorOptions {
  /** The HTTP status the provider answered with, when it answered. */
  readonly status?: number;
  readonly cause?: unknown;
}

/**
 * A model could not be reached, refused the request, or answered with something unreadable. The message
 * names the status and the provider's own words, never the API key. Tell it apart with
 * `ModelError.isInstance`, which works across copies of this package.
 */
export class ModelError extends Error {
  readonly [MARKER] = true;
  readonly status: number | undefined;

  constructor(message: string, options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ModelError';
    this.status = options.status;
  }

  static isInstance(value: unknown): value is ModelError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
