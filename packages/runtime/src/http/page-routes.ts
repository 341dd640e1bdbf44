import type { Hono } from 'hono';

/** A built web page served by the API at `/`, from the same origin as the API (the playground). */
export interface PageOptions {
  /** The folder of the built page: `index.html` and what it loads (Vite's `dist`). */
  readonly root: string;
}

/**
 * `GET /` (and `HEAD`) answers `index.html`, and `GET /assets/*` the files under `<root>/assets`, without
 * a token: the page holds no secret and reads its token from the URL's fragment, which no request
 * carries. Every answer forbids framing, sniffing and referrers and sets a Content-Security-Policy that
 * lets the page load its own scripts and talk to its own origin only.
 */
export function addPageRoutes(_app: Hono, _page: PageOptions): void {
  // Built by its issue's runtime work: see CONTRACT.
}
