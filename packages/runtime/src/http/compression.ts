import type { Hono } from 'hono';
import { compress } from 'hono/compress';

/**
 * The answers worth compressing: the page's files and the large listings a page loads first (the
 * catalogue of a few dozen tools is hundreds of kilobytes of JSON, a tenth of that gzipped). Calls,
 * their results and the event stream are left as they are: they are small, or they must not wait for a
 * compressor's buffer.
 */
const COMPRESSED_PATHS = [
  '/',
  '/assets/*',
  '/catalogue',
  '/tools',
  '/tools/descriptions',
  '/governance',
  '/audit',
] as const;

/** Registers gzip/deflate (as the client accepts) for `COMPRESSED_PATHS`, on GET answers only. */
export function addCompression(app: Hono): void {
  const compressor = compress();
  for (const path of COMPRESSED_PATHS) {
    app.use(path, async (context, next) => {
      if (context.req.method !== 'GET') return next();
      return compressor(context, next);
    });
  }
}
