import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { WebSearchArgs } from '../../generated/types.gen.js';
import { type DomainFilter, normalizeDomain, passes } from './domain-filter.js';
import { resultsText } from './results-text.js';
import type { WebResult, WebSearchProvider } from './web-search-provider.js';

export interface WebSearchHandlerOptions {
  /** How long one search may take; 20 s unless set. */
  readonly timeoutMs?: number;
}

const DEFAULT_LIMIT = 10;
/** Asked of the provider when domain lists will drop some results: the most one request may return. */
const FILTERED_FETCH = 20;

export const NO_PROVIDER =
  'Web search is not set up here: no search provider is configured, so nothing was searched. ' +
  'To enable it, set WESGINE_SEARCH_KEY to a Brave Search API key (and WESGINE_SEARCH_URL for an endpoint other than https://api.search.brave.com). ' +
  'Meanwhile, open a page you know with browser_navigate, or answer from what you know and say so.';

/**
 * `web_search` over a provider; without one, every call answers `unavailable` and says how to configure
 * one. Domain lists are applied to what the provider returns (a domain covers its subdomains; both
 * lists apply when both are given), and the provider is asked for more results when they are set.
 */
export function webSearchHandler(
  provider: WebSearchProvider | undefined,
  options: WebSearchHandlerOptions & { readonly problem?: string } = {},
): ToolHandler<WebSearchArgs> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return async (args, context) => {
    if (provider === undefined) {
      if (options.problem === undefined) throw new ToolError('unavailable', NO_PROVIDER);
      throw new ToolError(
        'unavailable',
        `Web search is misconfigured, so nothing was searched: ${options.problem}. Set it to the base URL of a Brave Search API endpoint, such as https://api.search.brave.com.`,
      );
    }
    const query = args.query.trim();
    if (query.length < 2) {
      throw new ToolError(
        'invalid_arguments',
        'The query is blank or a single character; say what to search for in a few words.',
      );
    }
    const filter: DomainFilter = {
      allowed: (args.allowed_domains ?? []).map((entry) => normalizeDomain(entry, 'allowed_domains')),
      blocked: (args.blocked_domains ?? []).map((entry) => normalizeDomain(entry, 'blocked_domains')),
    };
    const contradiction = filter.allowed.find((domain) => filter.blocked.includes(domain));
    if (contradiction !== undefined) {
      throw new ToolError(
        'invalid_arguments',
        `${contradiction} is in both allowed_domains and blocked_domains; keep it in one of them.`,
      );
    }
    const limit = args.limit ?? DEFAULT_LIMIT;
    const filtering = filter.allowed.length > 0 || filter.blocked.length > 0;
    const found = await searchWithin(provider, query, filtering ? FILTERED_FETCH : limit, context.signal, timeoutMs);
    const kept = found.filter((result) => passes(result, filter));
    const results = kept.slice(0, limit);
    const filtered = found.length - kept.length;
    return {
      text: resultsText({ query, provider: provider.name, results, filtered }),
      data: { provider: provider.name, results, filtered },
    };
  };
}

async function searchWithin(
  provider: WebSearchProvider,
  query: string,
  limit: number,
  callSignal: AbortSignal,
  timeoutMs: number,
): Promise<WebResult[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([callSignal, timeout]);
  try {
    return await provider.search(query, { limit, signal });
  } catch (error) {
    if (callSignal.aborted) throw new ToolError('aborted', 'The search was cancelled.', { cause: error });
    if (timeout.aborted) {
      throw new ToolError(
        'timeout',
        `The search service did not answer within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}. Try again later, perhaps with a shorter query.`,
        { cause: error },
      );
    }
    if (ToolError.isInstance(error)) throw error;
    throw new ToolError('unavailable', `The search provider ${provider.name} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
