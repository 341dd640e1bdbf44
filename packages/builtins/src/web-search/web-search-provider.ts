/** One search hit, as every provider reports it. `snippet` is plain text (no markup). */
export interface WebResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

export interface WebSearchOptions {
  /** At most this many results (1-20). */
  readonly limit: number;
  /** Fires when the call is cancelled or runs out of time; the provider stops its request. */
  readonly signal: AbortSignal;
}

/**
 * A search service behind `web_search`. A provider throws a `ToolError` it can explain (`unavailable`
 * for a rejected key, a rate limit or a failing service; `invalid_arguments` for a query the service
 * refuses); anything else it throws is reported as the service failing.
 */
export interface WebSearchProvider {
  /** Shown to the model with the results ("from brave"). */
  readonly name: string;
  search(query: string, options: WebSearchOptions): Promise<WebResult[]>;
}
