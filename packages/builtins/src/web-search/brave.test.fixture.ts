import { mkdtempSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { defineToolPack } from '@wesgine/schema';
import { afterEach, beforeEach } from 'vitest';
import webSearchTool from '../../tools/web_search.tool.js';
import { builtins } from '../index.js';
import { webSearchHandler } from './web-search-handler.js';
import type { WebSearchProvider } from './web-search-provider.js';

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

/** Sample results in Brave's shape: markup, entities, subdomains, a look-alike domain. */
export const SAMPLE_RESULTS = [
  {
    title: 'TypeBox <strong>JSON</strong> Schema',
    url: 'https://github.com/sinclairzx81/typebox',
    description: 'JSON Schema &amp; <strong>TypeScript</strong> static types.',
  },
  { title: 'Docs', url: 'https://docs.example.com/typebox', description: 'Reference for the builder.' },
  { title: 'Example', url: 'https://example.com/a', description: '' },
  { title: 'Not example', url: 'https://notexample.com/b', description: 'A different domain with the same ending.' },
  { title: 'Blog', url: 'https://blog.example.org/post', description: 'A post &#x27;about&#39; it.' },
];

/**
 * Before each test, a fake Brave answering SAMPLE_RESULTS with the environment pointing at it; after,
 * the server closed and the environment as it was. Read the server from the returned holder.
 */
export function useFakeBrave(): { brave: FakeBrave } {
  const holder = {} as { brave: FakeBrave };
  const saved = { url: process.env.WESGINE_SEARCH_URL, key: process.env.WESGINE_SEARCH_KEY };
  beforeEach(async () => {
    holder.brave = await fakeBrave((_request, response) => json(response, 200, braveResults(SAMPLE_RESULTS)));
    process.env.WESGINE_SEARCH_URL = holder.brave.baseUrl;
    process.env.WESGINE_SEARCH_KEY = KEY;
  });
  afterEach(async () => {
    await holder.brave.close();
    for (const [name, value] of [
      ['WESGINE_SEARCH_URL', saved.url],
      ['WESGINE_SEARCH_KEY', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return holder;
}

/** A run of a cell with the whole built-in pack. */
export function builtinRun() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-')));
  return createEngine({ tools: builtins }).createCell({ workDir: work }).run({ sessionId: 's1' });
}

/** The tool with its handler built from `provider`, through the real runtime. */
export function providerRun(provider: WebSearchProvider | undefined, timeoutMs?: number) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-')));
  const pack = defineToolPack({
    name: 'search-test',
    version: '0.0.0',
    tools: [webSearchTool],
    handlers: { web_search: webSearchHandler(provider, timeoutMs === undefined ? {} : { timeoutMs }) },
  });
  return createEngine({ tools: pack }).createCell({ workDir: work }).run();
}
