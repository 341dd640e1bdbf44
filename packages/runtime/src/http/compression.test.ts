import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, postJson } from './http.test.fixture.js';

const TOKEN = 'compression-token';
const auth = { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' };

describe('compression', () => {
  it('gzips the listings a page loads first, and they read back the same', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, { token: TOKEN });
    const plain = await (await app.request('/catalogue', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const zipped = await app.request('/catalogue', { headers: auth });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString('utf8')).toBe(plain);
    expect(bytes.length).toBeLessThan(plain.length / 3);
    await cell.stop();
  });

  it('leaves calls and their results as they are', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, { token: TOKEN });
    const response = await app.request('/tools/add/call', postJson({ args: { a: 1, b: 2 } }, auth));
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toMatchObject({ text: '3' });
    await cell.stop();
  });

  it('never compresses the event stream, which must not wait for a buffer', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, { token: TOKEN });
    const stop = new AbortController();
    const response = await app.request('/events', { headers: auth, signal: stop.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    stop.abort();
    await response.body?.cancel();
    await cell.stop();
  });

  it('sends plain bytes to a client that accepts no encoding', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, { token: TOKEN });
    const response = await app.request('/tools', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Array.isArray(await response.json())).toBe(true);
    await cell.stop();
  });
});
