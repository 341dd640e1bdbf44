import type { HttpErrorBody } from '@wesgine/runtime/http';

/** An answer of the API that was not 2xx, with its error code and message (never a stack). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** A 2xx answer: its status (200 and 202 mean different things for calls) and its JSON body. */
export interface ApiAnswer<T> {
  readonly status: number;
  readonly body: T;
}

/**
 * The API of the page's own origin, with the token in the Authorization header of every request: the only
 * place the token travels. Bodies are JSON both ways.
 */
export class ApiClient {
  readonly #token: string;
  readonly #onRefused: (() => void) | undefined;

  /**
   * `onRefused` hears every 401: the token is wrong or from an earlier data folder, and no request with
   * it will ever succeed, so the page asks for the right one rather than show each refusal.
   */
  constructor(token: string, onRefused?: () => void) {
    this.#token = token;
    this.#onRefused = onRefused;
  }

  get<T>(path: string, signal?: AbortSignal): Promise<ApiAnswer<T>> {
    return this.#send<T>('GET', path, undefined, signal);
  }

  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<ApiAnswer<T>> {
    return this.#send<T>('POST', path, body, signal);
  }

  put<T>(path: string, body: unknown, signal?: AbortSignal): Promise<ApiAnswer<T>> {
    return this.#send<T>('PUT', path, body, signal);
  }

  delete<T>(path: string, signal?: AbortSignal): Promise<ApiAnswer<T>> {
    return this.#send<T>('DELETE', path, undefined, signal);
  }

  /** A raw request with the token, for streams (`GET /events`) and text (`/tools/descriptions`). */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.#token}`);
    const response = await fetch(path, {
      ...init,
      headers,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    if (response.status === 401) this.#onRefused?.();
    return response;
  }

  async #send<T>(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<ApiAnswer<T>> {
    const response = await this.fetch(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      ...(signal === undefined ? {} : { signal }),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(response.status, 'bad_answer', `the API answered ${response.status} with something not JSON`);
    }
    if (!response.ok) {
      const error = (parsed as Partial<HttpErrorBody> | undefined)?.error;
      throw new ApiError(
        response.status,
        typeof error?.code === 'string' ? error.code : 'http_error',
        typeof error?.message === 'string' ? error.message : `the API answered ${response.status}`,
      );
    }
    return { status: response.status, body: parsed as T };
  }
}
