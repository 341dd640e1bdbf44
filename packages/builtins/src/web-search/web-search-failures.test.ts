import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { defineToolPack } from '@wesgine/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webSearchTool from '../../tools/web_search.tool.js';
import { builtins } from '../index.js';
import { braveResults, type FakeBrave, fakeBrave, json, KEY } from './brave.test.fixture.js';
import { braveSearchProvider } from './brave-search-provider.js';
import { webSearchHandler } from './web-search-handler.js';
import type { WebSearchProvider } from './web-search-provider.js';

const RESULTS = [
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

const saved = { url: process.env.WESGINE_SEARCH_URL, key: process.env.WESGINE_SEARCH_KEY };
let brave: FakeBrave;

beforeEach(async () => {
  brave = await fakeBrave((_request, response) => json(response, 200, braveResults(RESULTS)));
  process.env.WESGINE_SEARCH_URL = brave.baseUrl;
  process.env.WESGINE_SEARCH_KEY = KEY;
});

afterEach(async () => {
  await brave.close();
  for (const [name, value] of [
    ['WESGINE_SEARCH_URL', saved.url],
    ['WESGINE_SEARCH_KEY', saved.key],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function builtinRun() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-')));
  return createEngine({ tools: builtins }).createCell({ workDir: work }).run({ sessionId: 's1' });
}

/** The tool with its handler built from `provider`, through the real runtime. */
function providerRun(provider: WebSearchProvider | undefined, timeoutMs?: number) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-')));
  const pack = defineToolPack({
    name: 'search-test',
    version: '0.0.0',
    tools: [webSearchTool],
    handlers: { web_search: webSearchHandler(provider, timeoutMs === undefined ? {} : { timeoutMs }) },
  });
  return createEngine({ tools: pack }).createCell({ workDir: work }).run();
}

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
    expect(brave.seen[0]?.key).toBe('wrong-key-123');
  });

  it.each([401, 403])('status %i without a body is a rejected key', async (status) => {
    brave.answer = (_request, response) => response.writeHead(status).end();
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: `The search service refused the API key (status ${status}). Web search cannot work until WESGINE_SEARCH_KEY holds a valid key; do not retry, tell the user.`,
    });
  });

  it('the rate limit says how long to wait, from X-RateLimit-Reset', async () => {
    brave.answer = (_request, response) =>
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
    brave.answer = (_request, response) => response.writeHead(429).end('slow down');
    expect((await builtinRun().call('web_search', { query: 'typebox' })).text).toBe(
      "The search service's rate limit was reached (status 429). Wait a little before searching again.",
    );
  });

  it('a query the service refuses is invalid_arguments', async () => {
    brave.answer = (_request, response) =>
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
    brave.answer = (_request, response) => response.writeHead(503).end('<html>down</html>');
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'The search service failed (status 503). Try again later.',
    });
  });

  it('another status names the base URL setting', async () => {
    process.env.WESGINE_SEARCH_URL = `${brave.baseUrl}/wrong/prefix`;
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: "The search service answered with status 404, NOT_FOUND: no such route, not results. Check WESGINE_SEARCH_URL; it should be the API's base URL.",
    });
    expect(brave.seen[0]?.path).toBe('/wrong/prefix/res/v1/web/search');
  });

  it('malformed JSON is unavailable', async () => {
    brave.answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"web": {"results": [');
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: `The search service at ${brave.baseUrl} answered with something that is not JSON. Try again later; if it persists, check WESGINE_SEARCH_URL.`,
    });
  });

  it('JSON of another shape is unavailable, not an empty answer', async () => {
    brave.answer = (_request, response) => json(response, 200, { items: [{ link: 'https://a.example/' }] });
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toMatchObject({
      code: 'unavailable',
      text: `The search service at ${brave.baseUrl} answered without a list of web results. Check WESGINE_SEARCH_URL; it should be a Brave Search API endpoint.`,
    });
  });

  it('a service that cannot be reached is unavailable', async () => {
    await brave.close();
    expect(await builtinRun().call('web_search', { query: 'typebox' })).toEqual({
      isError: true,
      code: 'unavailable',
      text: `Could not reach the search service at ${brave.baseUrl} (ECONNREFUSED). Try again later.`,
    });
  });

  it('a service that does not answer in time is a timeout', async () => {
    brave.answer = () => {};
    const run = providerRun(braveSearchProvider({ baseUrl: brave.baseUrl, key: KEY }), 150);
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
    expect(brave.seen).toEqual([]);
  });
});
