import { describe, expect, it } from 'vitest';
import { builtinRun, useSites } from './browser.test.fixture.js';

const state = useSites();

describe('browser_navigate: governance of every request', () => {
  it('refuses a loopback URL when the cell does not allow it, before any request', async () => {
    const before = state.sites.site.seen.length;
    const result = await builtinRun([]).run.call('browser_navigate', { url: `${state.sites.site.origin}/article` });
    expect(result).toEqual({
      isError: true,
      code: 'denied',
      text: 'Not allowed: The address 127.0.0.1 is a loopback address; private, loopback and link-local addresses cannot be fetched.',
    });
    expect(state.sites.site.seen).toHaveLength(before);
  });

  it('refuses schemes other than http and https', async () => {
    expect(await builtinRun().run.call('browser_navigate', { url: 'file:///etc/passwd' })).toEqual({
      isError: true,
      code: 'denied',
      text: 'Not allowed: The scheme file: is not allowed; only http and https URLs can be fetched.',
    });
  });

  it('a redirect to a private address fails the call as denied and names the address', async () => {
    const cases = [
      ['/to-secret', `${state.sites.secret.origin}/data`, 'The address 127.0.0.2 is a loopback address'],
      ['/to-localhost', `http://localhost:${state.sites.secret.port}/data`, 'The host localhost is this machine'],
      [
        '/to-metadata',
        'http://169.254.169.254/latest/meta-data/',
        'The address 169.254.169.254 is a link-local address',
      ],
    ] as const;
    const results = await Promise.all(
      cases.map(([path]) => builtinRun().run.call('browser_navigate', { url: `${state.sites.site.origin}${path}` })),
    );
    expect(results).toEqual(
      cases.map(([path, target, why]) => ({
        isError: true,
        code: 'denied',
        text: `${state.sites.site.origin}${path} redirected to ${target}, which was refused: ${why}; private, loopback and link-local addresses cannot be fetched. Nothing from that address was loaded.`,
      })),
    );
    expect(state.sites.secret.seen).toEqual([]);
  });

  it('the same redirect goes through when the cell allows the address', async () => {
    const result = await builtinRun(['127.0.0.1', '127.0.0.2']).run.call('browser_navigate', {
      url: `${state.sites.site.origin}/to-secret`,
    });
    expect(result.text).toContain('secret');
    expect(state.sites.secret.seen.filter((path) => path !== '/favicon.ico')).toEqual(['/data']);
  });

  it("refuses the page's own sub-requests, fetches and WebSockets, and lists them", async () => {
    const result = await builtinRun().run.call('browser_navigate', {
      url: `${state.sites.site.origin}/reaches-out`,
      wait_until: 'networkidle',
    });
    expect(result.isError).toBe(false);
    expect(result.text).toContain('Visible text.');
    expect(state.sites.secret.seen).toEqual([]);
    const refused = (result.data as { refused: { url: string }[] }).refused.map((entry) => entry.url).sort();
    expect(refused).toEqual(
      [
        `${state.sites.secret.origin}/data`,
        `${state.sites.secret.origin}/pixel.png`,
        `https://127.0.0.2:${state.sites.secret.port}/`,
        'http://169.254.169.254/latest/meta-data/',
      ].sort(),
    );
    expect(result.text).toContain('Refused 4 requests the page made (not allowed here):');
    expect(result.text).toContain(
      `  - ${state.sites.secret.origin}/pixel.png: The address 127.0.0.2 is a loopback address; private, loopback and link-local addresses cannot be fetched.`,
    );
  });

  it('the control: with the address allowed, the same page reaches the secret server', async () => {
    await builtinRun(['127.0.0.1', '127.0.0.2']).run.call('browser_navigate', {
      url: `${state.sites.site.origin}/reaches-out`,
      wait_until: 'networkidle',
    });
    expect([...new Set(state.sites.secret.seen)].filter((path) => path !== '/favicon.ico').sort()).toEqual([
      '/data',
      '/pixel.png',
      '/socket',
    ]);
  });

  it('a host the cell trusts by name is reached only when its address is allowed too', async () => {
    const url = `http://localhost:${state.sites.site.port}/article`;
    const named = await builtinRun(['localhost']).run.call('browser_navigate', { url });
    expect(named).toEqual({
      isError: true,
      code: 'denied',
      text: 'Not allowed: localhost resolves to 127.0.0.1, which is not allowed: The address 127.0.0.1 is a loopback address; private, loopback and link-local addresses cannot be fetched (a cell that trusts this host must allow its address too).',
    });
    const both = await builtinRun(['localhost', '127.0.0.1']).run.call('browser_navigate', { url });
    expect(both.text.split('\n')[0]).toBe(`URL: ${url}`);
  });

  it('a redirect to an address nobody answers on is unavailable', async () => {
    expect(await builtinRun().run.call('browser_navigate', { url: `${state.sites.site.origin}/to-closed` })).toEqual({
      isError: true,
      code: 'unavailable',
      text: `Could not load http://127.0.0.1:${state.sites.closedPort}/: 127.0.0.1 could not be reached (ECONNREFUSED).`,
    });
  });
});
