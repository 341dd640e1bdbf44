import { describe, expect, it, vi } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson } from './http.test.fixture.js';

describe('bearer token', () => {
  const { cell } = fixtureCell();
  const app = createApp(cell, { token: 's3cret-token' });

  it('refuses a request without one, with WWW-Authenticate', async () => {
    const response = await app.request('/tools');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="wesgine"');
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'this API needs a token: send the header Authorization: Bearer <token>' },
    });
    const basic = await app.request('/tools', { headers: { authorization: 'Basic czNjcmV0' } });
    expect(basic.status).toBe(401);
  });

  it('refuses a wrong token, also on routes that do not exist', async () => {
    for (const path of ['/tools', '/nowhere']) {
      const response = await app.request(path, { headers: { authorization: 'Bearer s3cret-tokeN' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="wesgine", error="invalid_token"');
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'the bearer token is not valid' },
      });
    }
  });

  it('lets the right token through (scheme in any case)', async () => {
    const response = await app.request('/tools', { headers: { authorization: 'bearer s3cret-token' } });
    expect(response.status).toBe(200);
  });

  it('refuses an empty token when the app is made', () => {
    expect(() => createApp(cell, { token: ' ' })).toThrow('the token must not be empty');
  });
});

describe('request bodies', () => {
  const { cell } = fixtureCell();
  const app = createApp(cell, { ...OPEN, bodyLimit: 64 });
  const big = JSON.stringify({ args: { a: 1, b: 2 }, actor: 'x'.repeat(100) });

  it('answers a body over the limit with 413, whether or not it states its length', async () => {
    const expected = { error: { code: 'payload_too_large', message: 'the body is larger than the limit of 64 bytes' } };
    const stated = await app.request('/tools/add/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expect(stated.status).toBe(413);
    expect(await stated.json()).toEqual(expected);
    const streamed = await app.request('/tools/add/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(expected);
  });

  it.each([
    ['text/plain', 'send the body as application/json (got Content-Type text/plain)'],
    ['', 'send the body as application/json (got no Content-Type)'],
  ])('answers Content-Type %j with 415', async (type, message) => {
    const headers: Record<string, string> = type === '' ? {} : { 'content-type': type };
    // Bytes, not a string: a string body would get text/plain from the Request constructor.
    const body = new TextEncoder().encode('{}');
    const response = await app.request('/tools/add/call', { method: 'POST', headers, body });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: { code: 'unsupported_media_type', message } });
  });

  it.each([
    ['{"args":', 'invalid_json', 'the body is not valid JSON; send a JSON object'],
    ['', 'invalid_json', 'the body is empty; send a JSON object'],
    ['[1]', 'invalid_body', 'the body must be a JSON object, not an array'],
    ['null', 'invalid_body', 'the body must be a JSON object, not null'],
    ['"text"', 'invalid_body', 'the body must be a JSON object, not a string'],
    ['42', 'invalid_body', 'the body must be a JSON object, not a number'],
    ['true', 'invalid_body', 'the body must be a JSON object, not a boolean'],
    [
      '{"__proto__":{"args":{}}}',
      'invalid_body',
      "unknown field '__proto__' in the body; it takes args, actor, sessionId, dialect and trace (the tool's arguments go under args)",
    ],
  ])('answers the body %j with 400', async (body, code, message) => {
    const response = await app.request('/tools/add/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code, message } });
  });

  it('refuses a bodyLimit that is not a positive whole number', () => {
    expect(() => createApp(cell, { ...OPEN, bodyLimit: 0 })).toThrow(
      'bodyLimit must be a positive whole number of bytes, got 0',
    );
  });
});

describe('routes and methods', () => {
  const { cell } = fixtureCell();
  const app = createApp(cell, OPEN);

  it('answers a wrong method with 405 and Allow', async () => {
    const call = await app.request('/tools/add/call');
    expect(call.status).toBe(405);
    expect(call.headers.get('allow')).toBe('POST');
    expect(await call.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'GET is not allowed on /tools/add/call; use POST' },
    });
    const tools = await app.request('/tools', postJson({}));
    expect(tools.status).toBe(405);
    expect(tools.headers.get('allow')).toBe('GET, HEAD');
    expect(await tools.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'POST is not allowed on /tools; use GET or HEAD' },
    });
  });

  it('answers malformed percent escapes in the path and the query as any other value', async () => {
    const dialect = await app.request('/tools?dialect=%E0%A4%A');
    expect(dialect.status).toBe(400);
    expect(await dialect.json()).toMatchObject({ error: { code: 'unknown_dialect' } });
    const session = await app.request('/sessions/%ff/state');
    expect(session.status).toBe(404);
    expect(await session.json()).toMatchObject({ error: { code: 'unknown_session' } });
    const tool = await app.request('/tools/%E0%A4%A/call', postJson({}));
    expect(tool.status).toBe(404);
    expect(await tool.json()).toMatchObject({ error: { code: 'unknown_tool' } });
  });

  it('answers an unknown route with 404', async () => {
    const response = await app.request('/tools/add');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'there is no route GET /tools/add' },
    });
  });

  it('answers an unexpected failure with 500 and no internals, and reports it to onError', async () => {
    const reported: unknown[] = [];
    const failing = fixtureCell().cell;
    vi.spyOn(failing, 'allTools').mockImplementation(() => {
      throw new Error('secret detail at /home/someone/.ssh');
    });
    const response = await createApp(failing, { ...OPEN, onError: (error) => reported.push(error) }).request('/tools');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'the server failed to answer this request' },
    });
    expect(text).not.toContain('secret');
    expect(reported).toEqual([new Error('secret detail at /home/someone/.ssh')]);
  });
});
