// The harness itself: the page fixture must see what it promises to fail a test on. Each case makes the
// real page misbehave on purpose, checks the problem was recorded in the words the failure will show,
// then clears it so this test passes; a fixture that missed one would let every other test pass blind.
import { describe, expect } from 'vitest';
import { type InPage, poll, test } from './harness.js';

describe('the playground test harness', () => {
  test('records a console error, an uncaught page error and a 4xx answer', async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/catalogue');
    expect(ui.problems).toEqual([]);

    await page.evaluate(() => console.error('made on purpose'));
    await poll(() => ui.problems).toContain('page: console error: made on purpose');

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
    });
    await poll(() => ui.problems).toContain('page: page error: thrown on purpose');

    await page.evaluate(() => fetch('/no-such-route').then(() => undefined));
    const answer = `answer to GET ${playground.server.url}/no-such-route: `;
    await poll(() => ui.problems.some((problem) => /^page: 4\d\d /.test(problem) && problem.includes(answer))).toBe(
      true,
    );

    // A second tab is watched too.
    const tab = await ui.newTab('#/catalogue');
    await tab.evaluate(() => console.error('from the second tab'));
    await poll(() => ui.problems).toContain('tab 1: console error: from the second tab');
    ui.problems.length = 0;
  });

  test('records a request that fails, and a page wider than the window', async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/catalogue');
    // The connection refused under the page's own request (playwright cuts it), as a dead server would.
    await page.route('**/no-such-file', (route) => route.abort('connectionrefused'));
    await page.evaluate(() => fetch('/no-such-file').catch(() => undefined));
    await poll(() => ui.problems).toContain(
      `page: request failed: GET ${playground.server.url}/no-such-file (net::ERR_CONNECTION_REFUSED)`,
    );

    await page.evaluate(() => {
      const scope = globalThis as unknown as InPage & {
        document: {
          body: { append(node: unknown): void };
          createElement(tag: string): { style: { width: string; height: string } };
        };
      };
      const wide = scope.document.createElement('div');
      wide.style.width = '3000px';
      wide.style.height = '1px';
      scope.document.body.append(wide);
    });
    await ui.step('too wide');
    expect(
      ui.problems.some((problem) =>
        /^step too wide: the page scrolls sideways \(3\d{3}px wide in a 12\d\dpx window\)$/.test(problem),
      ),
    ).toBe(true);
    ui.problems.length = 0;
  });
});
