import { describe, expect, it } from 'vitest';
import { html, pageCell, useSites } from './page-sites.test.fixture.js';

const sites = useSites(() => ({ '/page': (_q, r) => html(r, '<title>Page</title><main><p>Quick.</p></main>') }));

describe('the pool of contexts', () => {
  it('opens no more pages at once than the spec allows; the others wait their turn and all succeed', async () => {
    const run = pageCell({ contexts: 2 }).cell.run();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        run.call('page.read', { url: `${sites.site.origin}/slow?n=${index}`, format: 'text' }),
      ),
    );
    expect(results.map((result) => result.isError)).toEqual([false, false, false, false, false]);
    expect(results.every((result) => result.text.includes('Worth the wait.'))).toBe(true);
    expect(sites.site.peak.slow).toBe(2);
  });

  it('refuses a call at once when the queue is full', async () => {
    const run = pageCell({ contexts: 1, maxQueued: 1 }).cell.run();
    const url = `${sites.site.origin}/slow`;
    const [first, second, third] = await Promise.all([
      run.call('page.read', { url: `${url}?a` }),
      run.call('page.read', { url: `${url}?b` }),
      run.call('page.read', { url: `${url}?c` }),
    ]);
    expect([first?.isError, second?.isError]).toEqual([false, false]);
    expect(third).toEqual({
      isError: true,
      code: 'unavailable',
      text: "The cell's headless browser is busy: all 1 of its pages are open and 1 more calls are waiting. Try again in a moment, or read fewer pages at once.",
    });
  });

  it('cancels a loading call at once (the page is closed) and a waiting one without opening it', async () => {
    const run = pageCell({ contexts: 1 }).cell.run();
    const loading = new AbortController();
    const waiting = new AbortController();
    const first = run.call('page.read', { url: `${sites.site.origin}/hang` }, { signal: loading.signal });
    const second = run.call('page.read', { url: `${sites.site.origin}/page?queued` }, { signal: waiting.signal });
    await expect.poll(() => sites.site.held.size, { timeout: 15_000 }).toBe(1);
    waiting.abort();
    loading.abort();
    const [cancelled, dropped] = await Promise.all([first, second]);
    expect(cancelled.code).toBe('aborted');
    expect(dropped.code).toBe('aborted');
    await expect.poll(() => sites.site.held.size, { timeout: 15_000 }).toBe(0);
    expect(sites.site.seen).not.toContain('/page');
    // The slot came back: the next call runs.
    const after = await run.call('page.read', { url: `${sites.site.origin}/page` });
    expect(after.text).toContain('Quick.');
  });

  it('a waiting call runs out of time as busy, naming the limit', async () => {
    const run = pageCell({ contexts: 1, timeoutMs: 1000 }).cell.run();
    const [, late] = await Promise.all([
      run.call('page.read', { url: `${sites.site.origin}/hang` }),
      run.call('page.read', { url: `${sites.site.origin}/page?late` }),
    ]);
    expect(late).toEqual({
      isError: true,
      code: 'timeout',
      text: `Every page of this cell's headless browser stayed busy for 1 s, so ${sites.site.origin}/page?late was never opened. Try again when fewer pages are being read.`,
    });
  });

  it('stopping the cell ends its calls and closes its pages; its tools then say the browser is gone', async () => {
    const { cell } = pageCell();
    const run = cell.run();
    const pending = run.call('page.read', { url: `${sites.site.origin}/hang` });
    await expect.poll(() => sites.site.held.size, { timeout: 15_000 }).toBe(1);
    await cell.stop();
    const ended = await pending;
    expect(ended.isError).toBe(true);
    await expect.poll(() => sites.site.held.size, { timeout: 15_000 }).toBe(0);
  });
});
