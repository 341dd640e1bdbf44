import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly key: string | undefined;
  readonly accept: string | undefined;
}

export type Answer = (request: SeenRequest, response: ServerResponse) => void;

export interface FakeBrave {
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  /** What the next requests get; by default the Brave format built from `results`. */
  answer: Answer;
  close(): Promise<void>;
}

export const KEY = 'test-key-7f3a';

/** A Brave-format result list: titles carry `<strong>` marks and entities, as Brave's do. */
export function braveResults(items: readonly { title: string; url: string; description?: string }[]) {
  return {
    type: 'search',
    query: { original: 'q' },
    web: { type: 'search', results: items.map((item) => ({ type: 'search_result', ...item })) },
  };
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/**
 * A local server speaking the Brave Search web API: only `GET /res/v1/web/search` with `q`, and the
 * test key in `X-Subscription-Token` (a wrong key is answered as Brave does, 422
 * `SUBSCRIPTION_TOKEN_INVALID`). Everything it receives is kept in `seen`.
 */
export async function fakeBrave(answer: Answer): Promise<FakeBrave> {
  const seen: SeenRequest[] = [];
  const state = { answer };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const key = request.headers['x-subscription-token'];
    const record: SeenRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      key: typeof key === 'string' ? key : undefined,
      accept: request.headers.accept,
    };
    seen.push(record);
    if (request.method !== 'GET' || url.pathname !== '/res/v1/web/search' || !url.searchParams.has('q')) {
      json(response, 404, {
        type: 'ErrorResponse',
        error: { code: 'NOT_FOUND', detail: 'no such route', status: 404 },
      });
      return;
    }
    if (record.key !== KEY) {
      json(response, 422, {
        type: 'ErrorResponse',
        error: {
          id: 'e1',
          status: 422,
          code: 'SUBSCRIPTION_TOKEN_INVALID',
          detail: 'The provided subscription token is invalid.',
          meta: { component: 'authentication' },
        },
        time: 1,
      });
      return;
    }
    state.answer(record, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    get answer() {
      return state.answer;
    },
    set answer(next: Answer) {
      state.answer = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
