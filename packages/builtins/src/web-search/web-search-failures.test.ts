import { describe, expect, it } from 'vitest';
import { builtinRun, json, KEY, providerRun, useFakeBrave } from './brave.test.fixture.js';
import { braveSearchProvider } from './brave-search-provider.js';

const state = useFakeBrave();

describe('web_search failures', () => {
  it('without a key configured, says no provider is configured and how to configure one', async () => {
    delete process.env.WESGINE_SEARCH_KEY;
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'Web search is not set up here: no search provider is configured, so nothing was searched. To enable it, set WESGINE_SEARCH_KEY to a Brave Search API key (and WESGINE_SEARCH_URL for an endpoint other than https://api.search.brave.com). Meanwhile, open a page you know with browser_navigate, or answer from what you know and say so.',
    });
    expect(await providerRun(undefined).call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
    });
  });

  it('names a base URL that is not http', async () => {
    process.env.WESGINE_SEARCH_URL = 'ftp://search.example';
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'Web search is misconfigured, so nothing was searched: WESGINE_SEARCH_URL is wrong: the search service URL "ftp://search.example" is not http or https. Set it to the base URL of a Brave Search API endpoint, such as https://api.search.brave.com.',
    });
  });

  it('a rejected key (Brave: 422 SUBSCRIPTION_TOKEN_INVALID) is unavailable, and the key is never shown', async () => {
    process.env.WESGINE_SEARCH_KEY = 'wrong-key-123';
    const result = await builtinRun().call('web_search', { query: 'typebox' });
    expect(result).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'The search service refused the API key (status 422, SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.). Web search cannot work until WESGINE_SEARCH_KEY holds a valid key; do not retry, tell the user.',
    });
    expect(state.brave.seen[0]?.key).toBe('wrong-key-123');
  });

  it.each([401, 403])('status %i without a body is a rejected key', async (status) => {
    state.brave.answer = (_request, response) => response.writeHead(status).end();
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: `The search service refused the API key (status ${status}). Web search cannot work until WESGINE_SEARCH_KEY holds a valid key; do not retry, tell the user.`,
    });
  });

  it('the rate limit says how long to wait, from X-RateLimit-Reset', async () => {
    state.brave.answer = (_request, response) =>
      json(
        response,
        429,
        {
          type: 'ErrorResponse',
          error: { code: 'RATE_LIMITED', detail: 'Request rate limit exceeded for plan.', status: 429 },
        },
        { 'x-ratelimit-reset': '1, 1419704' },
      );
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: "The search service's rate limit was reached (status 429, RATE_LIMITED: Request rate limit exceeded for plan.). Wait 1 s before searching again.",
    });
  });

  it('a 429 without headers still says to wait', async () => {
    state.brave.answer = (_request, response) => response.writeHead(429).end('slow down');
    expect((await builtinRun().call('web_search', { query: 'typebox' })).text).toBe(
      "The search service's rate limit was reached (status 429). Wait a little before searching again.",
    );
  });

  it('a query the service refuses is invalid_arguments', async () => {
    state.brave.answer = (_request, response) =>
      json(response, 422, {
        type: 'ErrorResponse',
        error: { code: 'VALIDATION', detail: 'Unable to validate request parameter(s)', status: 422 },
      });
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'invalid_arguments',
      text: 'The search service refused the query (status 422, VALIDATION: Unable to validate request parameter(s)). Rephrase it with plain words, without operators or unusual characters.',
    });
  });

  it('a server error is unavailable', async () => {
    state.brave.answer = (_request, response) => response.writeHead(503).end('<html>down</html>');
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'The search service failed (status 503). Try again later.',
    });
  });

  it('another status names the base URL setting', async () => {
    process.env.WESGINE_SEARCH_URL = `${state.brave.baseUrl}/wrong/prefix`;
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: "The search service answered with status 404, NOT_FOUND: no such route, not results. Check WESGINE_SEARCH_URL; it should be the API's base URL.",
    });
    expect(state.brave.seen[0]?.path).toBe('/wrong/prefix/res/v1/web/search');
  });

  it('malformed JSON is unavailable', async () => {
    state.brave.answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"web": {"results": [');
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: `The search service at ${state.brave.baseUrl} answered with something that is not JSON. Try again later; if it persists, check WESGINE_SEARCH_URL.`,
    });
  });

  it('JSON of another shape is unavailable, not an empty answer', async () => {
    state.brave.answer = (_request, response) => json(response, 200, { items: [{ link: 'https://a.example/' }] });
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: `The search service at ${state.brave.baseUrl} answered without a list of web results. Check WESGINE_SEARCH_URL; it should be a Brave Search API endpoint.`,
    });
  });

  it('a service that cannot be reached is unavailable', async () => {
    await state.brave.close();
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: `Could not reach the search service at ${state.brave.baseUrl} (ECONNREFUSED). Try again later.`,
    });
  });

  it('a service that does not answer in time is a timeout', async () => {
    state.brave.answer = () => {};
    const run = providerRun(braveSearchProvider({ baseUrl: state.brave.baseUrl, key: KEY }), 150);
    expect(await run.call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'timeout',
      text: 'The search service did not answer within 150 ms. Try again later, perhaps with a shorter query.',
    });
  });

  it('queries the service would refuse are refused before any request', async () => {
    const long = await builtinRun().call('web_search', { query: 'x'.repeat(401) });
    expect(long).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The query has 401 characters; the search service takes at most 400. Shorten it to the words that matter.',
    });
    const wordy = await builtinRun().call('web_search', { query: Array(51).fill('w').join(' ') });
    expect(wordy.text).toBe(
      'The query has 51 words; the search service takes at most 50. Shorten it to the words that matter.',
    );
    const blank = await builtinRun().call('web_search', { query: '   ' });
    expect(blank).toMatchObject({
      code: 'invalid_arguments',
      text: 'The query is blank or a single character; say what to search for in a few words.',
    });
    expect((await builtinRun().call('web_search', { query: 'x' })).code).toBe('invalid_arguments');
    expect(state.brave.seen).toEqual([]);
  });
});
