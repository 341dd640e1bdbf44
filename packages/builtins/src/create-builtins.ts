import { defineToolPack, type ToolPack } from '@wesgine/schema';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { lazyHandler } from './lazy/lazy-handler.js';
import { searchProviderFromEnv } from './web-search/search-provider-from-env.js';
import { webSearchHandler } from './web-search/web-search-handler.js';
import type { WebSearchProvider } from './web-search/web-search-provider.js';

/** What a consumer may set when making the pack; the environment supplies the rest. */
export interface BuiltinsOptions {
  /**
   * The search behind `web_search`. Without one, the Brave Search API when `WESGINE_SEARCH_KEY` is set
   * (read at each call; `WESGINE_SEARCH_URL` changes the endpoint).
   */
  readonly webSearch?: WebSearchProvider;
  /** The Chromium behind `browser_navigate`; else `WESGINE_CHROMIUM_PATH`, else one found on PATH. */
  readonly chromiumPath?: string;
}

/** The pack's tools, as `defineToolPack` types them. */
export type BuiltinTools = typeof tools;

/**
 * The built-in tools as a pack, for `createEngine({ tools: createBuiltins(options) })`. With no search
 * configured when it is made (neither `webSearch` nor `WESGINE_SEARCH_KEY`), `web_search` is left out of
 * listings: calling it still answers, saying how to configure one.
 */
export function createBuiltins(options: BuiltinsOptions = {}): ToolPack<BuiltinTools> {
  const { webSearch, chromiumPath } = options;
  const searchConfigured = webSearch !== undefined || searchProviderFromEnv().provider !== undefined;
  return defineToolPack({
    ...pack,
    tools,
    handlers: {
      ...handlers,
      ...(webSearch === undefined ? {} : { web_search: webSearchHandler(webSearch) }),
      ...(chromiumPath === undefined
        ? {}
        : {
            browser_navigate: lazyHandler(async () =>
              (await import('./browser/browser-navigate-handler.js')).browserNavigateHandler({
                executablePath: chromiumPath,
              }),
            ),
          }),
    },
    unlisted: searchConfigured ? [] : ['web_search'],
  });
}
