// Sources: the real `@modelcontextprotocol/server-filesystem` added by command from the Sources view, its
// tools appearing live, one of them called from its tool page (the answer is the file's text), then the
// server removed and its tools gone from the page and the API; the demo plugin listed with its state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueEntry, SourcesView } from '@wesgine/runtime/http';
import { describe, expect } from 'vitest';
import { type InPage, poll, REPO, test } from './harness.js';

const SERVER = join(REPO, 'node_modules', '.bin', 'mcp-server-filesystem');

describe('sources', () => {
  test('lists the demo plugin with its state', async ({ playground, ui }) => {
    const { page } = ui;
    const view = (await playground.api<SourcesView>('GET', '/sources')).body;
    const demo = view.plugins.find((plugin) => plugin.name === 'demo');
    expect(demo?.state).toBe('ready');
    await ui.open('#/sources');
    const item = page.getByTestId('plugins').getByTestId('plugin').filter({ hasText: 'demo' });
    await poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('ready');
    await ui.step('plugins');
  });

  test('adds an MCP server by command, calls one of its tools, and removes it', async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/sources');
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('fs');
    await form.getByRole('radio', { name: 'Command' }).check();
    await form.getByRole('textbox', { name: 'Command', exact: true }).fill(SERVER);
    await form.getByRole('textbox', { name: 'Arguments' }).fill(playground.workspace);
    await ui.step('add form');
    await form.getByRole('button', { name: 'Add server' }).click();

    const server = page.getByTestId('mcp-servers').getByTestId('mcp-server').filter({ hasText: 'fs' });
    await poll(() => server.count()).toBe(1);
    await poll(async () => (await server.textContent()) ?? '', { timeout: 30_000 }).toContain('ready');
    const listed = (await playground.api<SourcesView>('GET', '/sources')).body.mcp.find((item) => item.name === 'fs');
    expect(listed?.state).toBe('ready');
    expect(listed?.tools).toContain('read_text_file');
    // Every tool the server brought is linked from its entry.
    const links = await server.getByRole('link').allTextContents();
    expect(links.map((text) => text.trim()).sort()).toEqual([...(listed?.tools ?? [])].sort());
    await ui.step('server ready');

    await server.getByRole('link', { name: 'read_text_file', exact: true }).click();
    await page.waitForFunction(() => (globalThis as unknown as InPage).location.hash === '#/tools/read_text_file/try');
    await poll(() => page.getByRole('heading', { level: 1, name: 'read_text_file' }).isVisible()).toBe(true);
    await page
      .getByRole('radio', { name: 'Raw JSON' })
      .or(page.getByRole('button', { name: 'Raw JSON' }))
      .first()
      .click();
    const readme = join(playground.workspace, 'README.md');
    await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ path: readme }));
    await page.getByRole('button', { name: 'Call read_text_file', exact: true }).click();
    const result = page.getByTestId('call-result');
    await poll(() => result.getByTestId('result-code').textContent()).toBe('ok');
    expect(await result.getByTestId('result-text').textContent()).toBe(readFileSync(readme, 'utf8'));
    await ui.step('mcp tool called');

    await ui.go('#/sources');
    await poll(() => server.count()).toBe(1);
    await server.getByRole('button', { name: 'Remove' }).click();
    await poll(() => server.count()).toBe(0);
    const after = (await playground.api<CatalogueEntry[]>('GET', '/catalogue')).body.map((entry) => entry.name);
    expect(after).not.toContain('read_text_file');
    await ui.go('#/catalogue');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('read_text_file');
    await poll(() => page.getByTestId('catalogue-list').getByTestId('catalogue-item').count()).toBe(0);
    await ui.step('server removed');
  });
});
