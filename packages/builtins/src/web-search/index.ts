// What the package index may re-export about web search.

export type { BraveSearchOptions } from './brave-search-provider.js';
export { braveSearchProvider } from './brave-search-provider.js';
export type { EnvSearchProvider } from './search-provider-from-env.js';
export { DEFAULT_SEARCH_URL, searchProviderFromEnv } from './search-provider-from-env.js';
export type { WebSearchHandlerOptions } from './web-search-handler.js';
export { webSearchHandler } from './web-search-handler.js';
export type { WebResult, WebSearchOptions, WebSearchProvider } from './web-search-provider.js';
