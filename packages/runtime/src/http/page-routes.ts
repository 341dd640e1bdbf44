import { realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { httpError } from './http-error.js';

/** A built web page served by the API at `/`, from the same origin as the API (the playground). */
export interface PageOptions {
  /** The folder of the built page: `index.html` and what it loads (Vite's `dist`). */
  readonly root: string;
}

/**
 * What the page may load and talk to: its own scripts, styles, images and fonts, and its own origin.
 * `'unsafe-eval'` because the schema validator the page runs compiles its checks with `new Function`;
 * `'unsafe-inline'` for styles only (React's `style` attributes), never for scripts.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The headers of every answer of the page routes, a refusal included. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': PAGE_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
});

/** Content types by file extension; anything else is `application/octet-stream`, which nosniff keeps inert. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A name Vite gave from the file's content (`index-B7x_2kQa.js`): it never changes, so it may be kept forever. */
const HASHED_NAME = /[-.][A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/**
 * `GET /` (and `HEAD`) answers `index.html`, and `GET /assets/*` the files under `<root>/assets`, without
 * a token: the page holds no secret and reads its token from the URL's fragment, which no request
 * carries. Every answer forbids framing, sniffing and referrers and sets a Content-Security-Policy that
 * lets the page load its own scripts and talk to its own origin only.
 *
 * Only regular files inside the root are served: a path with an encoded slash or backslash, a dot file
 * or folder (`.env`, `..`), or a link that leads outside the root or to a dot file is 404, the same answer
 * as a file that does not exist, so the answer tells nothing about the disk. Any method but GET and HEAD is
 * 405, token or not. `index.html` is `no-cache` (a new build
 * shows at once); hashed assets are `immutable`.
 */
export function addPageRoutes(app: Hono, page: PageOptions): void {
  const root = pageRoot(page);
  app.get('/', (context) => serveFile(context, root, ['index.html']));
  app.get('/assets/*', (context) => {
    const segments = assetSegments(new URL(context.req.url).pathname);
    if (segments === undefined) return notFound(context);
    return serveFile(context, root, ['assets', ...segments]);
  });
  // Before the token: a page path refuses other methods the same way whoever asks, with the page's headers.
  // (HEAD reaches the GET routes above; `all` routes count for no method in the API's `Allow` headers.)
  for (const path of ['/', '/assets/*']) {
    app.all(path, (context) =>
      httpError(
        context,
        'method_not_allowed',
        `${context.req.method} is not allowed on ${context.req.path}; use GET or HEAD`,
        { ...PAGE_HEADERS, Allow: 'GET, HEAD' },
      ),
    );
  }
}

/**
 * Puts `PAGE_HEADERS` on every answer to a page path, the Host and Origin guard's refusals included:
 * registered before the guard, it sees whatever answers. (The page routes set them on their own answers.)
 */
export function addPageHeaders(app: Hono): void {
  const headers: MiddlewareHandler = async (context, next) => {
    await next();
    for (const [name, value] of Object.entries(PAGE_HEADERS)) context.res.headers.set(name, value);
  };
  app.use('/', headers);
  app.use('/assets/*', headers);
}

/** The page's folder by its real path, checked now: a missing build is a mistake to hear at start-up. */
function pageRoot(page: PageOptions): string {
  if (typeof page?.root !== 'string' || page.root === '') {
    throw new TypeError('page.root must be the folder of the built page (holding index.html)');
  }
  try {
    // Resolved once: every file's real path must lie under this one.
    const root = realpathSync.native(page.root);
    if (statSync(join(root, 'index.html')).isFile()) return root;
  } catch {
    // Said below, in the same words whatever is missing.
  }
  throw new TypeError(
    `page.root ${JSON.stringify(page.root)} holds no index.html; build the page first (the folder is Vite's output)`,
  );
}

/**
 * The path's parts below `/assets/`, decoded, or undefined when one of them could lead anywhere but a
 * plain file name: empty, a dot name, an encoded `/` or `\`, a NUL, or bad percent-encoding.
 */
export function assetSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith('/assets/')) return undefined;
  const raw = pathname.slice('/assets/'.length).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (name === '' || name.startsWith('.') || /[/\\\0]/.test(name)) return undefined;
    segments.push(name);
  }
  return segments;
}

async function serveFile(context: Context, root: string, segments: readonly string[]): Promise<Response> {
  let real: string;
  let size: number;
  let modified: number;
  try {
    real = await realpath(join(root, ...segments));
    // A link may point anywhere: what it leads to must be inside the root too, and no dot file or folder.
    if (!real.startsWith(root.endsWith(sep) ? root : root + sep)) return notFound(context);
    if (
      relative(root, real)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      return notFound(context);
    const info = await stat(real);
    if (!info.isFile()) return notFound(context);
    size = info.size;
    modified = info.mtimeMs;
  } catch {
    return notFound(context);
  }
  const name = segments.at(-1) ?? '';
  const etag = `W/"${size.toString(16)}-${Math.floor(modified).toString(16)}"`;
  const headers: Record<string, string> = {
    ...PAGE_HEADERS,
    'Content-Type': CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control':
      segments[0] === 'assets' && HASHED_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
  };
  if (context.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  let body: Buffer;
  try {
    body = await readFile(real);
  } catch {
    return notFound(context);
  }
  headers['Content-Length'] = String(body.byteLength);
  return new Response(new Uint8Array(body), { status: 200, headers });
}

function notFound(context: Context): Response {
  return httpError(context, 'not_found', `there is no page file at ${context.req.path}`, { ...PAGE_HEADERS });
}
