// The catalogue: every tool the page's session sees, its source and category, search and filters, and a
// tool's page (tabs by keyboard, schema, dialects, docs). The API's own answer is what the page must show.
import type { CatalogueEntry } from '@wesgine/runtime/http';
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type InPage, PHONE, poll, test } from './harness.js';

/** The tool names the list shows, in order: each item's link named after its tool. */
function shownNames(items: Locator): Promise<string[]> {
  return items.evaluateAll((nodes) => nodes.map((node) => node.querySelector('a')?.textContent?.trim() ?? ''));
}

describe('the catalogue', () => {
  test('lists every tool the API lists, with its source and category badges', async ({ playground, ui }) => {
    const { page } = ui;
    const listed = (await playground.api<CatalogueEntry[]>('GET', '/catalogue?session=e2e-catalogue')).body;
    await ui.open('#/catalogue');
    const items = page.getByTestId('catalogue-list').getByTestId('catalogue-item');
    await poll(() => shownNames(items)).toEqual(listed.map((entry) => entry.name));
    await poll(() => page.getByText(`${listed.length} tools`, { exact: true }).isVisible()).toBe(true);
    // One tool of every source the embedded default offers, each with the badge a person reads.
    const badges: [tool: string, source: string, category: string][] = [
      ['read', 'built-in', 'exploration'],
      ['exec', 'built-in', 'action'],
      ['notes.read', 'pack', 'exploration'],
      ['slow_count', 'SDK', 'exploration'],
      ['word_count', 'plugin', listed.find((entry) => entry.name === 'word_count')?.category ?? 'missing'],
      ['looping_agent', 'sub-agent', listed.find((entry) => entry.name === 'looping_agent')?.category ?? 'missing'],
      ['session_note', 'per-run', listed.find((entry) => entry.name === 'session_note')?.category ?? 'missing'],
    ];
    for (const [tool, source, category] of badges) {
      const item = items.filter({ has: page.getByRole('link', { name: tool, exact: true }) });
      expect(await item.count(), `one catalogue item for ${tool}`).toBe(1);
      expect(await item.getByText(source, { exact: true }).count(), `${tool}'s source badge "${source}"`).toBe(1);
      expect(await item.getByText(category, { exact: true }).count(), `${tool}'s category badge`).toBe(1);
    }
    await ui.step('all tools');
    // The token came in the address's fragment: it left the address bar and was in no request's URL.
    expect(await page.evaluate(() => (globalThis as unknown as InPage).location.href)).not.toContain(
      playground.server.token,
    );
    expect(ui.requests.filter((url) => url.includes(playground.server.token))).toEqual([]);
  });

  test('searches by name and filters by source and category', async ({ playground, ui }) => {
    const { page } = ui;
    const listed = (await playground.api<CatalogueEntry[]>('GET', '/catalogue?session=e2e-catalogue')).body;
    await ui.open('#/catalogue');
    const items = page.getByTestId('catalogue-list').getByTestId('catalogue-item');
    await poll(() => items.count()).toBe(listed.length);

    await page.getByRole('searchbox', { name: 'Search tools' }).fill('slow_count');
    await poll(() => shownNames(items)).toEqual(['slow_count']);
    await ui.step('search slow_count');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('');
    await poll(() => items.count()).toBe(listed.length);

    await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'plugin' });
    await poll(() => shownNames(items)).toEqual(['word_count']);
    await ui.step('source plugin');
    await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'All' });

    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'action' });
    const actions = listed.filter((entry) => entry.category === 'action').map((entry) => entry.name);
    expect(actions).toContain('exec');
    await poll(() => shownNames(items)).toEqual(actions);
    await poll(() => page.getByText(`${actions.length} tools`, { exact: true }).isVisible()).toBe(true);
    await ui.step('category action');
  });

  test('opens a tool by keyboard and moves between its tabs with the arrow keys', async ({ playground, ui }) => {
    const { page } = ui;
    const read = (await playground.api<CatalogueEntry[]>('GET', '/catalogue')).body.find(
      (entry) => entry.name === 'read',
    );
    if (read === undefined) throw new Error('GET /catalogue has no read');
    await ui.open('#/catalogue');
    const search = page.getByRole('searchbox', { name: 'Search tools' });
    await poll(() => search.isVisible()).toBe(true);
    // From the top of the page, Tab reaches the search box, then the tool's link; Enter opens it.
    let focused = false;
    for (let press = 0; press < 15 && !focused; press++) {
      await page.keyboard.press('Tab');
      focused = await search.evaluate((node) => node === (globalThis as unknown as InPage).document.activeElement);
    }
    expect(focused, 'the search box is reachable with Tab').toBe(true);
    await page.keyboard.type('read');
    const link = page.getByTestId('catalogue-list').getByRole('link', { name: 'read', exact: true });
    let onLink = false;
    for (let press = 0; press < 15 && !onLink; press++) {
      await page.keyboard.press('Tab');
      onLink = await link.evaluate((node) => node === (globalThis as unknown as InPage).document.activeElement);
    }
    expect(onLink, "the tool's link is reachable with Tab").toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (globalThis as unknown as InPage).location.hash === '#/tools/read/try');
    await poll(() => page.getByRole('heading', { level: 1, name: 'read', exact: true }).isVisible()).toBe(true);
    await poll(() =>
      page
        .getByText(/^exploration · /)
        .first()
        .isVisible(),
    ).toBe(true);
    await ui.step('tool page');

    const tabs = page.getByRole('tablist').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Try it', 'Schema', 'Dialects', 'Docs']);
    await page.getByRole('tab', { name: 'Try it' }).focus();
    await page.keyboard.press('ArrowRight');
    const schemaTab = page.getByRole('tab', { name: 'Schema' });
    await poll(() => schemaTab.getAttribute('aria-selected')).toBe('true');
    await poll(() =>
      schemaTab.evaluate((node) => node === (globalThis as unknown as InPage).document.activeElement),
    ).toBe(true);
    // The JSON Schema as GET /tools lists it: its property names are on the page.
    for (const property of Object.keys((read.schema.parameters as { properties: object }).properties)) {
      await poll(() => page.getByRole('tabpanel').getByText(`"${property}"`).first().isVisible()).toBe(true);
    }
    await ui.step('schema tab');

    await page.keyboard.press('ArrowRight');
    await poll(() => page.getByRole('tab', { name: 'Dialects' }).getAttribute('aria-selected')).toBe('true');
    for (const dialect of Object.keys(read.dialects)) {
      await poll(() => page.getByRole('tabpanel').getByText(dialect, { exact: true }).count()).toBeGreaterThan(0);
    }
    // Each dialect's loss report as the export made it: every change's detail and every strict-mode problem.
    const panel = (await page.getByRole('tabpanel').textContent()) ?? '';
    const reported = Object.values(read.dialects).flatMap(({ loss }) => [
      ...loss.entries.map((entry) => entry.detail),
      ...loss.strictProblems,
      ...loss.warnings,
    ]);
    expect(reported.length).toBeGreaterThan(0);
    for (const text of reported) expect(panel).toContain(text);
    await ui.step('dialects tab');

    await page.keyboard.press('ArrowRight');
    await poll(() => page.getByRole('tab', { name: 'Docs' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.getByRole('tabpanel').getByText(read.docs.summary).first().isVisible()).toBe(true);
    for (const parameter of read.docs.parameters) {
      await poll(() => page.getByRole('tabpanel').getByText(parameter.name, { exact: true }).count()).toBeGreaterThan(
        0,
      );
    }
    await ui.step('docs tab');
  });

  test('is readable at 390x844: every view, no sideways scroll', async ({ playground, ui }) => {
    const { page } = ui;
    const listed = (await playground.api<CatalogueEntry[]>('GET', '/catalogue?session=e2e-catalogue')).body;
    await ui.open('#/catalogue', PHONE);
    const items = page.getByTestId('catalogue-list').getByTestId('catalogue-item');
    await poll(() => items.count()).toBe(listed.length);
    await ui.step('phone catalogue');
    await ui.go('#/tools/read/try');
    await poll(() => page.getByRole('button', { name: 'Call read' }).isVisible()).toBe(true);
    await ui.step('phone tool page');
    await ui.go('#/governance');
    await poll(() => page.getByTestId('zone-rules').isVisible()).toBe(true);
    await ui.step('phone governance');
    await ui.go('#/loops');
    await poll(() => page.getByRole('button', { name: 'Run the looping agent' }).isVisible()).toBe(true);
    await ui.step('phone loops');
    await ui.go('#/sources');
    await poll(() => page.getByRole('form', { name: 'Add an MCP server' }).isVisible()).toBe(true);
    await ui.step('phone sources');
  });
});
