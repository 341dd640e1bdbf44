import type { ToolHandler } from '@wesgine/schema';
import type { WebSearchArgs } from '../../generated/types.gen.js';
import { searchProviderFromEnv } from '../web-search/search-provider-from-env.js';
import { webSearchHandler } from '../web-search/web-search-handler.js';

/** Handles `web_search` with the provider the environment configures at the time of the call. */
export const webSearch: ToolHandler<WebSearchArgs> = (args, context) => {
  const configured = searchProviderFromEnv();
  const options = 'problem' in configured && configured.problem !== undefined ? { problem: configured.problem } : {};
  return webSearchHandler(configured.provider, options)(args, context);
};
