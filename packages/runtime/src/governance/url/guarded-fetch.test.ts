import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, getDefaultAutoSelectFamily, setDefaultAutoSelectFamily } from 'node:net';
import { ToolError } from '@wesgine/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GuardedFetchOptions, guardedFetch } from './guarded-fetch.js';
import type { HostLookup } from './judge-url.js';

// Real HTTP servers on 127.0.0.1. The tests reach them through made-up names under `.test` (which no
// real resolver answers): an injected lookup maps them to 127.0.0.1 and `allowHosts` exempts exactly
// those names, so 127.0.0.1 itself, `localhost` and every other private address stay refused.

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly host: string | undefined;
  readonly authorization: string | undefined;
  readonly body: string;
}

const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        host: request.headers.host,
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString(),
      });
      handler(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen };
}

function names(records: Record<string, readonly string[]>) {
  return vi.fn<HostLookup>(async (host) => {
    const addresses = records[host];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: 4 as const }));
  });
}

/** The usual test seam: the `.test` names above, `public.test` and `second.test` exempt. */
function seams(
  overrides: Omit<GuardedFetchOptions, 'lookup'> = {},
): GuardedFetchOptions & { lookup: ReturnType<typeof names> } {
  return {
    lookup: names({ 'public.test': ['127.0.0.1'], 'second.test': ['127.0.0.1'], 'private.test': ['10.0.0.5'] }),
    allowHosts: ['public.test', 'second.test'],
    ...overrides,
  };
}

function redirect(response: ServerResponse, status: number, location: string) {
  response.writeHead(status, { location }).end();
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; data: unknown }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!ToolError.isInstance(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return { code: error.code, message: error.message, data: error.data };
}

const REFUSED = 'private, loopback and link-local addresses cannot be fetched';

describe('guardedFetch', () => {
  it('GETs a page through the judged address, with the URL host as Host', async () => {
    const { port, seen } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] }).end('hello');
    });
    const options = seams();
    const response = await guardedFetch(`http://public.test:${port}/page?q=1#frag`, {}, options);
    expect(response).toMatchObject({
      status: 200,
      url: `http://public.test:${port}/page?q=1#frag`,
      truncated: false,
      redirects: [],
      address: '127.0.0.1',
    });
    expect(response.body.toString()).toBe('hello');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(seen).toEqual([
      { method: 'GET', url: '/page?q=1', host: `public.test:${port}`, authorization: undefined, body: '' },
    ]);
  });

  it('returns an HTTP error status as a response, not a throw', async () => {
    const { port } = await serve((_request, response) => response.writeHead(404).end('gone'));
    const response = await guardedFetch(`http://public.test:${port}/`, {}, seams());
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe('gone');
  });

  it('refuses a private first URL before any connection', async () => {
    const { port, seen } = await serve((_request, response) => response.end('secret'));
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/`, {}, seams()))).toEqual({
      code: 'denied',
      message: `The address 127.0.0.1 is a loopback address; ${REFUSED}.`,
      data: { rule: 'url-private-address', url: `http://127.0.0.1:${port}/`, redirects: [] },
    });
    expect(await failure(guardedFetch(`http://localhost:${port}/`, {}, seams()))).toMatchObject({
      code: 'denied',
      message: `The host localhost is this machine; ${REFUSED}.`,
    });
    expect(seen).toEqual([]);
  });

  describe('redirects', () => {
    it('follows redirects, judging and resolving every hop once', async () => {
      const { port, seen } = await serve((request, response) => {
        if (request.url === '/a') redirect(response, 301, `http://second.test:${port}/b`);
        else if (request.url === '/b') redirect(response, 307, '/c');
        else response.end(`at ${request.url}`);
      });
      const options = seams();
      const response = await guardedFetch(`http://public.test:${port}/a`, {}, options);
      expect(response).toMatchObject({
        status: 200,
        url: `http://second.test:${port}/c`,
        redirects: [`http://second.test:${port}/b`, `http://second.test:${port}/c`],
      });
      expect(response.body.toString()).toBe('at /c');
      expect(options.lookup.mock.calls).toEqual([['public.test'], ['second.test'], ['second.test']]);
      expect(seen.map((request) => request.host)).toEqual([
        `public.test:${port}`,
        `second.test:${port}`,
        `second.test:${port}`,
      ]);
    });

    it.each([
      ['http://private.test/admin', 'The host private.test resolves to 10.0.0.5, a private address (RFC 1918)'],
      ['http://169.254.169.254/latest/meta-data/', 'The address 169.254.169.254 is a link-local address'],
      ['http://[::1]:6379/', 'The address ::1 is a loopback address'],
    ])('refuses a 302 to %s and names the hop', async (target, why) => {
      const { port, seen } = await serve((_request, response) => redirect(response, 302, target));
      expect(await failure(guardedFetch(`http://public.test:${port}/start`, {}, seams()))).toEqual({
        code: 'denied',
        message:
          `http://public.test:${port}/start redirected to ${new URL(target).href} (redirect 1), which was refused. ` +
          `${why}; ${REFUSED}.`,
        data: { rule: 'url-private-address', url: new URL(target).href, redirects: [new URL(target).href] },
      });
      expect(seen).toHaveLength(1);
    });

    it('refuses a redirect to the same server by its private address', async () => {
      const { port, seen } = await serve((request, response) => {
        if (request.url === '/start') redirect(response, 302, `http://127.0.0.1:${port}/internal`);
        else response.end('internal');
      });
      expect(await failure(guardedFetch(`http://public.test:${port}/start`, {}, seams()))).toMatchObject({
        code: 'denied',
        message: `http://public.test:${port}/start redirected to http://127.0.0.1:${port}/internal (redirect 1), which was refused. The address 127.0.0.1 is a loopback address; ${REFUSED}.`,
      });
      expect(seen.map((request) => request.url)).toEqual(['/start']);
    });

    it('refuses a redirect to a scheme other than http and https', async () => {
      const { port } = await serve((_request, response) => redirect(response, 302, 'file:///etc/passwd'));
      expect(await failure(guardedFetch(`http://public.test:${port}/`, {}, seams()))).toMatchObject({
        code: 'denied',
        message: `http://public.test:${port}/ redirected to file:///etc/passwd (redirect 1), which was refused. The scheme file: is not allowed; only http and https URLs can be fetched.`,
        data: { rule: 'url-scheme' },
      });
    });

    it('stops a redirect loop at maxRedirects', async () => {
      const { port, seen } = await serve((_request, response) => redirect(response, 302, '/loop'));
      expect(await failure(guardedFetch(`http://public.test:${port}/loop`, {}, seams({ maxRedirects: 3 })))).toEqual({
        code: 'unavailable',
        message: `Stopped after 3 redirects: http://public.test:${port}/loop redirects again, to http://public.test:${port}/loop. The site may be in a redirect loop.`,
        data: { url: `http://public.test:${port}/loop`, redirects: Array(3).fill(`http://public.test:${port}/loop`) },
      });
      expect(seen).toHaveLength(4);
    });

    it('follows 5 redirects by default and refuses the sixth', async () => {
      const { port, seen } = await serve((request, response) => {
        const step = Number(request.url?.slice(1));
        if (step < 6) redirect(response, 302, `/${step + 1}`);
        else response.end('six');
      });
      expect(await failure(guardedFetch(`http://public.test:${port}/0`, {}, seams()))).toMatchObject({
        code: 'unavailable',
      });
      expect(seen).toHaveLength(6);
      expect((await guardedFetch(`http://public.test:${port}/1`, {}, seams())).body.toString()).toBe('six');
    });

    it('turns a POST into a GET on 303 and drops credentials when the origin changes', async () => {
      const { port, seen } = await serve((request, response) => {
        if (request.url === '/form') redirect(response, 303, `http://second.test:${port}/done`);
        else response.end('done');
      });
      await guardedFetch(
        `http://public.test:${port}/form`,
        {
          method: 'post',
          headers: { authorization: 'Bearer x', 'content-type': 'text/plain', accept: 'text/plain' },
          body: 'payload',
        },
        seams(),
      );
      expect(seen).toEqual([
        { method: 'POST', url: '/form', host: `public.test:${port}`, authorization: 'Bearer x', body: 'payload' },
        { method: 'GET', url: '/done', host: `second.test:${port}`, authorization: undefined, body: '' },
      ]);
    });

    it('keeps method and body on 307', async () => {
      const { port, seen } = await serve((request, response) => {
        if (request.url === '/old') redirect(response, 307, '/new');
        else response.end();
      });
      await guardedFetch(`http://public.test:${port}/old`, { method: 'PUT', body: 'v' }, seams());
      expect(seen.map(({ method, url, body }) => [method, url, body])).toEqual([
        ['PUT', '/old', 'v'],
        ['PUT', '/new', 'v'],
      ]);
    });
  });

  describe('maxBytes', () => {
    it('cuts a longer body at the cap and says so', async () => {
      const { port } = await serve((_request, response) => response.end('x'.repeat(10_000)));
      const response = await guardedFetch(`http://public.test:${port}/`, {}, seams({ maxBytes: 100 }));
      expect(response.body).toHaveLength(100);
      expect(response.truncated).toBe(true);
    });

    it('keeps a body of exactly the cap whole', async () => {
      const { port } = await serve((_request, response) => response.end('y'.repeat(100)));
      const response = await guardedFetch(`http://public.test:${port}/`, {}, seams({ maxBytes: 100 }));
      expect(response.body.toString()).toBe('y'.repeat(100));
      expect(response.truncated).toBe(false);
    });

    it('stops reading an endless body at the cap', async () => {
      const { port } = await serve((_request, response) => {
        const timer = setInterval(() => response.write('z'.repeat(1024)), 1);
        response.on('close', () => clearInterval(timer));
      });
      const response = await guardedFetch(
        `http://public.test:${port}/`,
        {},
        seams({ maxBytes: 4096, timeoutMs: 5000 }),
      );
      expect(response).toMatchObject({ truncated: true, address: '127.0.0.1' });
      expect(response.body.toString()).toBe('z'.repeat(4096));
    });
  });

  describe('time and network failures', () => {
    it('times out a server that never answers', async () => {
      const { port } = await serve(() => {});
      expect(await failure(guardedFetch(`http://public.test:${port}/slow`, {}, seams({ timeoutMs: 150 })))).toEqual({
        code: 'timeout',
        message: `Fetching http://public.test:${port}/slow took longer than 150 ms and was stopped.`,
        data: undefined,
      });
    });

    it('times out a body that stops half way', async () => {
      const { port } = await serve((_request, response) => response.writeHead(200).write('partial'));
      expect(await failure(guardedFetch(`http://public.test:${port}/`, {}, seams({ timeoutMs: 150 })))).toMatchObject({
        code: 'timeout',
      });
    });

    it('times out a lookup that never answers', async () => {
      const lookup = vi.fn<HostLookup>(() => new Promise(() => {}));
      expect(
        await failure(guardedFetch('http://public.test/', {}, { lookup, allowHosts: ['public.test'], timeoutMs: 100 })),
      ).toMatchObject({
        code: 'timeout',
        message: 'Fetching http://public.test/ took longer than 100 ms and was stopped.',
      });
    });

    it('reports a caller abort as aborted', async () => {
      const { port } = await serve(() => {});
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      expect(
        await failure(guardedFetch(`http://public.test:${port}/`, { signal: controller.signal }, seams())),
      ).toMatchObject({ code: 'aborted', message: `Fetching http://public.test:${port}/ was cancelled.` });
    });

    it('reports a refused connection as unavailable', async () => {
      const { port } = await serve(() => {});
      const server = servers.pop();
      await new Promise((resolve) => server?.close(resolve));
      expect(await failure(guardedFetch(`http://public.test:${port}/`, {}, seams()))).toMatchObject({
        code: 'unavailable',
        message: `Could not fetch http://public.test:${port}/: connect ECONNREFUSED 127.0.0.1:${port}.`,
      });
    });
  });

  describe('pinning', () => {
    it('connects to the address the lookup gave, asked once, even if the name rebinds', async () => {
      const { port, seen } = await serve((_request, response) => response.end('pinned'));
      const answers = ['127.0.0.1', '10.0.0.5'];
      const lookup = vi.fn<HostLookup>(async () => [{ address: answers.shift() ?? '10.0.0.5', family: 4 }]);
      // `rebind.test` exists in no resolver: the request can only arrive through the judged address.
      const response = await guardedFetch(`http://rebind.test:${port}/`, {}, { lookup, allowHosts: ['rebind.test'] });
      expect(response).toMatchObject({ status: 200, address: '127.0.0.1' });
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(seen).toHaveLength(1);
    });

    it('pins also when the socket asks for one address rather than all', async () => {
      const { port } = await serve((_request, response) => response.end('single'));
      const before = getDefaultAutoSelectFamily();
      setDefaultAutoSelectFamily(false);
      try {
        const response = await guardedFetch(`http://public.test:${port}/`, {}, seams());
        expect(response).toMatchObject({ status: 200, address: '127.0.0.1' });
      } finally {
        setDefaultAutoSelectFamily(before);
      }
    });
  });
});
