import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson } from './http.test.fixture.js';

// The checks against what a web page can make a browser send, on the app without a socket (the real
// socket, with forged Host headers on the wire, is test/security/http.test.ts).

const { cell } = fixtureCell();
const app = createApp(cell, { ...OPEN, allowedHosts: ['127.0.0.1:4100', 'localhost:4100', 'tools.lan'] });
const ownHeaders = { host: '127.0.0.1:4100' };
/** A URL on the app as the real server builds it from the Host header it was sent. */
const at = (path: string) => `http://127.0.0.1:4100${path}`;

const hostRefusal = (host: string) => ({
  error: {
    code: 'host_not_allowed',
    message:
      `this server does not answer to the host ${JSON.stringify(host)}; it answers to 127.0.0.1:4100, localhost:4100, tools.lan. ` +
      'A web page that points its own name at this machine (DNS rebinding) sends that name; add a name you trust with allowedHosts',
  },
});

describe('the Host check', () => {
  it('answers its own names, in any case, and port 80 with or without the port', async () => {
    for (const host of ['127.0.0.1:4100', 'LOCALHOST:4100', 'tools.lan', 'tools.lan:80', 'Tools.LAN']) {
      const response = await app.request(at('/tools'), { headers: { host } });
      expect({ host, status: response.status }).toEqual({ host, status: 200 });
    }
  });

  it.each([
    'evil.example:4100',
    'evil.example',
    '127.0.0.1:4101',
    '127.0.0.1',
    'localhost.:4100',
    '127.1:4100',
    '2130706433:4100',
    '[::ffff:127.0.0.1]:4100',
    'tools.lan.evil.example',
    'tools.lan:8080',
    '',
  ])('refuses Host %j with 421 before any route runs', async (host) => {
    const before = cell.auditLog().length;
    const response = await app.request(at('/tools/add/call'), postJson({ args: { a: 1, b: 2 } }, { host }));
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual(hostRefusal(host));
    expect(cell.auditLog().length).toBe(before);
  });

  it('judges the request target too, when it names a host (an absolute URL)', async () => {
    const response = await app.request('http://evil.example/tools', { headers: ownHeaders });
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual(hostRefusal('evil.example'));
  });

  it('accepts the loopback names without a port by default (what app.request sends)', async () => {
    const plain = createApp(cell, OPEN);
    expect((await plain.request('/tools')).status).toBe(200);
    expect((await plain.request('/tools', { headers: { host: '[::1]' } })).status).toBe(200);
    expect((await plain.request('/tools', { headers: { host: 'localhost:3000' } })).status).toBe(421);
  });

  it.each([['http://x'], ['localhost.'], ['a b'], ['host/path'], [''], ['[::1']])(
    'refuses allowedHosts entry %j when the app is made',
    (host) => {
      expect(() => createApp(cell, { ...OPEN, allowedHosts: [host] })).toThrow(
        `allowedHosts takes Host values as clients send them, such as "tools.internal:8080", not ${JSON.stringify(host)}`,
      );
    },
  );
});

describe('the Origin check', () => {
  it('lets requests of its own origin through, and those without Origin', async () => {
    for (const origin of ['http://127.0.0.1:4100', 'HTTP://127.0.0.1:4100', 'https://127.0.0.1:4100', undefined]) {
      const headers = { ...ownHeaders, ...(origin === undefined ? {} : { origin }) };
      const response = await app.request(at('/tools/add/call'), postJson({ args: { a: 1, b: 2 } }, headers));
      expect({ origin, status: response.status }).toEqual({ origin, status: 200 });
    }
  });

  it.each([
    'https://evil.example',
    'null',
    'http://localhost:4100',
    'http://127.0.0.1:3000',
    'http://127.0.0.1:4100.evil.example',
    'chrome-extension://abcdef',
    'file://',
  ])('refuses Origin %j with 403 before any route runs', async (origin) => {
    const before = cell.auditLog().length;
    const response = await app.request(
      at('/tools/add/call'),
      postJson({ args: { a: 1, b: 2 } }, { ...ownHeaders, origin }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'origin_not_allowed',
        message: `requests from web pages of another origin are refused (Origin: ${origin}); this API answers its own origin only, http://127.0.0.1:4100`,
      },
    });
    expect(cell.auditLog().length).toBe(before);
  });

  it('refuses a text/plain POST from another origin (no preflight needed) with 403, not 415', async () => {
    const response = await app.request(at('/tools/add/call'), {
      method: 'POST',
      headers: { ...ownHeaders, origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: new TextEncoder().encode('{"args":{"a":1,"b":2}}'),
    });
    expect(response.status).toBe(403);
  });

  it('refuses preflights from other origins and never grants CORS', async () => {
    const preflight = await app.request(at('/tools/add/call'), {
      method: 'OPTIONS',
      headers: {
        ...ownHeaders,
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.status).toBe(403);
    const own = await app.request(at('/tools'), { headers: { ...ownHeaders, origin: 'http://127.0.0.1:4100' } });
    for (const response of [preflight, own]) {
      const cors = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
  });

  it.each(['cross-site', 'same-site', 'CROSS-SITE'])(
    'refuses Sec-Fetch-Site %j when no Origin is sent',
    async (site) => {
      const response = await app.request(at('/events'), { headers: { ...ownHeaders, 'sec-fetch-site': site } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: 'origin_not_allowed',
          message: `requests from web pages of another origin are refused (Sec-Fetch-Site: ${site.toLowerCase()})`,
        },
      });
    },
  );

  it('lets Sec-Fetch-Site same-origin and none through', async () => {
    for (const site of ['same-origin', 'none']) {
      const response = await app.request(at('/tools'), { headers: { ...ownHeaders, 'sec-fetch-site': site } });
      expect(response.status).toBe(200);
    }
  });
});
