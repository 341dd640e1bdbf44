import { ToolError } from '@wesgine/schema';
import { plainText } from './plain-text.js';
import type { WebResult, WebSearchOptions, WebSearchProvider } from './web-search-provider.js';

export interface BraveSearchOptions {
  /** Where the API lives; `https://api.search.brave.com` for Brave itself. */
  readonly baseUrl: string;
  /** The subscription token, sent as `X-Subscription-Token`. */
  readonly key: string;
}

/** Brave's own limits on `q`; a longer query is refused here, before it costs a request. */
const MAX_QUERY_CHARS = 400;
const MAX_QUERY_WORDS = 50;
const MAX_TITLE = 300;
const MAX_SNIPPET = 600;

/**
 * The Brave Search web API: `GET <base>/res/v1/web/search?q=…&count=N` with the key in
 * `X-Subscription-Token`, answered by `{ web: { results: [{ title, url, description }] } }`. Error
 * bodies are `{ error: { code, detail, status } }`; Brave answers a bad key with 422
 * `SUBSCRIPTION_TOKEN_INVALID`, so the code is read before the status.
 */
export function braveSearchProvider(options: BraveSearchOptions): WebSearchProvider {
  const base = parseBase(options.baseUrl);
  if (options.key.trim() === '') throw new TypeError('braveSearchProvider needs a non-empty key');
  const endpoint = new URL('res/v1/web/search', base);
  return {
    name: 'brave',
    async search(query: string, { limit, signal }: WebSearchOptions): Promise<WebResult[]> {
      checkQuery(query);
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(Math.max(Math.trunc(limit), 1), 20)));
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', 'x-subscription-token': options.key },
          signal,
          redirect: 'error',
        });
      } catch (error) {
        if (signal.aborted) throw error;
        const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
        const why = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new ToolError(
          'unavailable',
          `Could not reach the search service at ${base.origin} (${why}). Try again later.`,
          {
            cause: error,
          },
        );
      }
      const body = await response.text();
      if (!response.ok) throw statusError(response, body);
      return resultsOf(body, base);
    },
  };
}

function parseBase(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`the search service URL ${JSON.stringify(text)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`the search service URL ${JSON.stringify(text)} is not http or https`);
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  url.hash = '';
  return url;
}

function checkQuery(query: string): void {
  const words = query.trim().split(/\s+/).length;
  if (query.length > MAX_QUERY_CHARS) {
    throw new ToolError(
      'invalid_arguments',
      `The query has ${query.length} characters; the search service takes at most ${MAX_QUERY_CHARS}. Shorten it to the words that matter.`,
    );
  }
  if (words > MAX_QUERY_WORDS) {
    throw new ToolError(
      'invalid_arguments',
      `The query has ${words} words; the search service takes at most ${MAX_QUERY_WORDS}. Shorten it to the words that matter.`,
    );
  }
}

interface BraveError {
  readonly code?: unknown;
  readonly detail?: unknown;
}

function statusError(response: Response, body: string): ToolError {
  const { status } = response;
  const error = errorOf(body);
  const code = typeof error.code === 'string' ? error.code : undefined;
  const detail = typeof error.detail === 'string' ? plainText(error.detail, 200) : undefined;
  const said = code === undefined ? `status ${status}` : `status ${status}, ${code}${detail ? `: ${detail}` : ''}`;
  const data = { status, ...(code === undefined ? {} : { serviceCode: code }) };
  if (status === 401 || status === 403 || code?.startsWith('SUBSCRIPTION_TOKEN') === true) {
    return new ToolError(
      'unavailable',
      `The search service refused the API key (${said}). Web search cannot work until WESGINE_SEARCH_KEY holds a valid key; do not retry, tell the user.`,
      { data },
    );
  }
  if (status === 429 || code === 'RATE_LIMITED') {
    const wait = retryAfter(response);
    return new ToolError(
      'unavailable',
      `The search service's rate limit was reached (${said}). ${wait === undefined ? 'Wait a little' : `Wait ${wait} s`} before searching again.`,
      { data },
    );
  }
  if (status === 422 || status === 400) {
    return new ToolError(
      'invalid_arguments',
      `The search service refused the query (${said}). Rephrase it with plain words, without operators or unusual characters.`,
      { data },
    );
  }
  if (status >= 500) {
    return new ToolError('unavailable', `The search service failed (${said}). Try again later.`, { data });
  }
  return new ToolError(
    'unavailable',
    `The search service answered with ${said}, not results. Check WESGINE_SEARCH_URL; it should be the API's base URL.`,
    { data },
  );
}

function errorOf(body: string): BraveError {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; errors?: unknown };
    const error = Array.isArray(parsed.errors) ? parsed.errors[0] : parsed.error;
    return typeof error === 'object' && error !== null ? (error as BraveError) : {};
  } catch {
    return {};
  }
}

/** Seconds until the next request may go, from `Retry-After` or the first (per-second) `X-RateLimit-Reset`. */
function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after') ?? response.headers.get('x-ratelimit-reset');
  const seconds = Number(header?.split(',')[0]?.trim());
  return header !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function resultsOf(body: string, base: URL): WebResult[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ToolError(
      'unavailable',
      `The search service at ${base.origin} answered with something that is not JSON. Try again later; if it persists, check WESGINE_SEARCH_URL.`,
    );
  }
  const response = parsed as { type?: unknown; web?: { results?: unknown } } | null;
  const results = response?.web?.results;
  // Brave leaves out `web` when nothing matched; any other shape is a service this provider does not speak.
  if (results === undefined && response?.type === 'search') return [];
  if (!Array.isArray(results)) {
    throw new ToolError(
      'unavailable',
      `The search service at ${base.origin} answered without a list of web results. Check WESGINE_SEARCH_URL; it should be a Brave Search API endpoint.`,
    );
  }
  const found: WebResult[] = [];
  for (const item of results as unknown[]) {
    const { title, url, description } = (item ?? {}) as { title?: unknown; url?: unknown; description?: unknown };
    const href = webUrl(url);
    if (href === undefined) continue;
    found.push({
      title: typeof title === 'string' ? plainText(title, MAX_TITLE) : '',
      url: href,
      snippet: typeof description === 'string' ? plainText(description, MAX_SNIPPET) : '',
    });
  }
  return found;
}

/** A result's address when it is an http or https URL (normalised: no stray white space); else `undefined`. */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
