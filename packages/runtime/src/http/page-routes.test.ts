import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell } from './http.test.fixture.js';
import { assetSegments, PAGE_CSP } from './page-routes.js';
import { type HttpServer, serve } from './serve.js';

// The page routes against a real built-page folder on disk, through `createApp` and through a real
// socket (for request targets that `fetch` would tidy up before sending).

const CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const INDEX = '<!doctype html><title>playground</title><script type="module" src="/assets/index-B7x_2kQa.js"></script>';

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-page-')));
  root = join(base, 'dist');
  mkdirSync(join(root, 'assets', 'fonts'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-B7x_2kQa.js'), 'console.log("page")');
  writeFileSync(join(root, 'assets', 'index-Cq0_9zZt.css'), 'body{margin:0}');
  writeFileSync(join(root, 'assets', 'fonts', 'inter-DkS1a2b3.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'assets', 'notes.xyz'), 'unknown kind');
  writeFileSync(join(root, 'assets', '.env'), 'SECRET=1');
  mkdirSync(join(root, 'assets', '.hidden'));
  writeFileSync(join(root, 'assets', '.hidden', 'a.js'), 'hidden');
  writeFileSync(join(base, 'secret.txt'), 'outside the root');
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'leak.txt'));
  symlinkSync(join(root, 'assets', 'logo.svg'), join(root, 'assets', 'alias.svg'));
  symlinkSync(base, join(root, 'assets', 'up'));
  symlinkSync(join(root, 'assets', '.env'), join(root, 'assets', 'env.js'));
  symlinkSync(join(root, 'assets', '.hidden'), join(root, 'assets', 'shown'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function app() {
  const { cell } = fixtureCell();
  return createApp(cell, { token: 'owner-token', page: { root } });
}

function expectPageHeaders(response: Response) {
  expect(response.headers.get('content-security-policy')).toBe(CSP);
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('the page routes', () => {
  it('answer index.html at / without a token, not to be cached stale', async () => {
    const response = await app().request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(INDEX)));
    expectPageHeaders(response);
    expect(PAGE_CSP).toBe(CSP);
  });

  it('answer HEAD with the headers and no body', async () => {
    const response = await app().request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPageHeaders(response);
  });

  it('serve hashed assets as immutable, each with its content type', async () => {
    const cases = [
      ['/assets/index-B7x_2kQa.js', 'text/javascript; charset=utf-8', 'console.log("page")'],
      ['/assets/index-Cq0_9zZt.css', 'text/css; charset=utf-8', 'body{margin:0}'],
      ['/assets/fonts/inter-DkS1a2b3.woff2', 'font/woff2', 'wOF2'],
    ] as const;
    const served = app();
    for (const [path, type, body] of cases) {
      const response = await served.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(body);
      expectPageHeaders(response);
    }
  });

  it('keep a file without a hash in its name fresh, and send an unknown kind as octet-stream', async () => {
    const served = app();
    const logo = await served.request('/assets/logo.svg');
    expect([logo.status, logo.headers.get('content-type'), logo.headers.get('cache-control')]).toEqual([
      200,
      'image/svg+xml',
      'no-cache',
    ]);
    const other = await served.request('/assets/notes.xyz');
    expect(other.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('answer 304 to a request that has the current version', async () => {
    const served = app();
    const first = await served.request('/assets/index-B7x_2kQa.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await served.request('/assets/index-B7x_2kQa.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expectPageHeaders(again);
  });

  it('follow a link that stays inside the root', async () => {
    const response = await app().request('/assets/alias.svg');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('refuse dot files, encoded slashes, links out of the root and folders with the same 404', async () => {
    const served = app();
    const refused = [
      '/assets/.env',
      '/assets/.hidden/a.js',
      '/assets/%2eenv',
      '/assets/..%2fsecret.txt',
      '/assets/..%2Fsecret.txt',
      '/assets/fonts%2finter-DkS1a2b3.woff2',
      '/assets/..%5csecret.txt',
      '/assets/leak.txt',
      '/assets/up/secret.txt',
      '/assets/env.js',
      '/assets/shown/a.js',
      '/assets/fonts',
      '/assets/fonts/',
      '/assets/',
      '/assets/missing.js',
      '/assets/bad%zz.js',
      '/assets/nul%00.js',
    ];
    for (const path of refused) {
      const response = await served.request(path);
      expect(response.status, path).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, path).toBe('not_found');
      expect(body.error.message).not.toContain(base);
      expectPageHeaders(response);
    }
  });

  it('take GET and HEAD only', async () => {
    const response = await app().request('/', { method: 'POST', headers: { authorization: 'Bearer owner-token' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answer any other method 405 without a token, with the page headers', async () => {
    const served = app();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of ['/', '/assets/index-B7x_2kQa.js', '/assets/missing.js']) {
        const response = await served.request(path, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(await response.json()).toEqual({
          error: { code: 'method_not_allowed', message: `${method} is not allowed on ${path}; use GET or HEAD` },
        });
        expectPageHeaders(response);
      }
    }
  });

  it('still run the Host and Origin guard first', async () => {
    const served = app();
    const rebound = await served.request('http://evil.example/', { headers: { host: 'evil.example' } });
    expect(rebound.status).toBe(421);
    expectPageHeaders(rebound);
    const framed = await served.request('/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(framed.status).toBe(403);
    expectPageHeaders(framed);
    const other = await served.request('/assets/index-B7x_2kQa.js', { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expectPageHeaders(other);
  });

  it('leave the API behind its token', async () => {
    const response = await app().request('/tools');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('refuse, when the app is made, a root with no built page', () => {
    const { cell } = fixtureCell();
    const empty = mkdtempSync(join(tmpdir(), 'wesgine-page-empty-'));
    try {
      expect(() => createApp(cell, { token: 't', page: { root: empty } })).toThrow(
        `page.root ${JSON.stringify(empty)} holds no index.html; build the page first (the folder is Vite's output)`,
      );
      expect(() => createApp(cell, { token: 't', page: { root: '' } })).toThrow(
        'page.root must be the folder of the built page (holding index.html)',
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the page over a real socket', () => {
  let server: HttpServer;

  beforeAll(async () => {
    const { cell } = fixtureCell();
    server = await serve(cell, { token: 'owner-token', page: { root } });
  });
  afterAll(() => server.close());

  /** A GET of exactly this request target, as a hostile client would send it. */
  function rawGet(target: string): Promise<{ status: number; body: string }> {
    const { host, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: host.split(':')[0], port, path: target }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  it('serves the page and its assets', async () => {
    expect(await rawGet('/')).toEqual({ status: 200, body: INDEX });
    expect((await rawGet('/assets/index-B7x_2kQa.js')).status).toBe(200);
  });

  it('never answers a file outside the root, however the target is written', async () => {
    for (const target of [
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets//../secret.txt',
      '/assets/up/secret.txt',
      '/assets/leak.txt',
    ]) {
      const answer = await rawGet(target);
      // A target that leaves /assets/ once tidied is no page route: it meets the token check instead.
      expect([401, 404], target).toContain(answer.status);
      expect(answer.body).not.toContain('outside the root');
    }
  });
});

describe('assetSegments', () => {
  it('decodes the parts below /assets/ and refuses what is no plain file name', () => {
    expect(assetSegments('/assets/a%20b/c.js')).toEqual(['a b', 'c.js']);
    expect(assetSegments('/assets/a/./b')).toBeUndefined();
    expect(assetSegments('/other/a.js')).toBeUndefined();
  });
});
