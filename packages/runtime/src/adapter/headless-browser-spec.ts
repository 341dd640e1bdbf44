/**
 * `CellSpec.headlessBrowser`: stateless page reading (`page.read`, `page.screenshot`, `page.pdf`) in a
 * small pool of browser contexts. Every call gets a context of its own, new and empty (no cookies,
 * storage or cache from any other call), and every request it makes is judged by the calling run's
 * governance. `{}` takes every default.
 */
export interface HeadlessBrowserSpec {
  /**
   * How many pages the cell may have open at once (1 to 16); more calls wait their turn, first come
   * first served. 3 unless set.
   */
  readonly contexts?: number;
  /**
   * The Chromium or Chrome to run (an absolute path to an executable); else `WESGINE_CHROMIUM_PATH`,
   * else the first of chromium, chromium-browser, google-chrome found on PATH. Never downloaded.
   */
  readonly executablePath?: string;
  /**
   * The longest one call may take, waiting for a free context included (1000 to 300000 ms). 30000
   * unless set.
   */
  readonly timeoutMs?: number;
  /** How many calls may wait for a context before more are refused as busy (0 to 1000). 64 unless set. */
  readonly maxQueued?: number;
}
