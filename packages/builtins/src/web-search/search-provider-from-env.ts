import { braveSearchProvider } from './brave-search-provider.js';
import type { WebSearchProvider } from './web-search-provider.js';

export const DEFAULT_SEARCH_URL = 'https://api.search.brave.com';

/** What the environment configures: a provider, nothing, or a mistake to report. */
export type EnvSearchProvider =
  | { readonly provider: WebSearchProvider }
  | { readonly provider: undefined; readonly problem?: string };

/**
 * The search provider the environment configures: `WESGINE_SEARCH_KEY` (required) and
 * `WESGINE_SEARCH_URL` (a Brave Search API base URL, Brave's own unless set). Read at call time, so a
 * change of environment takes effect on the next call.
 */
export function searchProviderFromEnv(env: NodeJS.ProcessEnv = process.env): EnvSearchProvider {
  const key = env.WESGINE_SEARCH_KEY?.trim() ?? '';
  if (key === '') return { provider: undefined };
  const baseUrl = env.WESGINE_SEARCH_URL?.trim() || DEFAULT_SEARCH_URL;
  try {
    return { provider: braveSearchProvider({ baseUrl, key }) };
  } catch (error) {
    return { provider: undefined, problem: `WESGINE_SEARCH_URL is wrong: ${(error as Error).message}` };
  }
}
