import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cronAdapter } from '@wesgine/adapter-cron';
import { desktopAdapter } from '@wesgine/adapter-desktop';
import { emailAdapter } from '@wesgine/adapter-email';
import { headlessBrowserAdapter } from '@wesgine/adapter-headless-browser';
import { kbAdapter } from '@wesgine/adapter-kb';
import { playwrightAdapter } from '@wesgine/adapter-playwright';
import { builtins } from '@wesgine/builtins';
import { type Cell, createEngine, openAiChatClient } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';

// The README's cell with all six adapters, as it is written there (servers that are not running, a
// display that is not there): each adapter's tools are listed from its field, nothing else is needed
// to create the cell, and what is not reachable is said by `ready()`, not by a crash.

const folder = mkdtempSync(join(tmpdir(), 'wesgine-adapters-cell-'));
const workDir = join(folder, 'team');
for (const name of ['docs', 'notes']) mkdirSync(join(workDir, name), { recursive: true });
writeFileSync(join(workDir, 'docs', 'guide.md'), '# Guide\n\nThe lighthouse keeper logs every ship.\n');
let cell: Cell | undefined;

afterAll(async () => {
  await cell?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a cell with all six adapters', () => {
  it('lists every adapter tool its fields turn on, and the kb answers', async () => {
    const password = 'not-used';
    const client = openAiChatClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'gpt-4.1-mini' });
    const engine = createEngine({
      tools: builtins,
      adapters: [kbAdapter, emailAdapter, cronAdapter, headlessBrowserAdapter, playwrightAdapter, desktopAdapter],
    });
    cell = engine.createCell({
      workDir,
      dataDir: join(folder, 'data'),
      kb: { folders: ['docs', 'notes'], exclude: ['**/drafts/**'] },
      email: {
        smtp: { host: '127.0.0.1', port: 9, user: 'agent', password },
        imap: { host: '127.0.0.1', port: 9, user: 'agent', password },
        from: 'Agent <agent@example.org>',
        allowRecipients: ['*@example.org'],
      },
      cron: { missed: 'once', agent: { client } },
      headlessBrowser: { contexts: 3, timeoutMs: 30_000 },
      playwright: { maxSessions: 4, idleMs: 300_000 },
      // No X server listens on display 73 here: its tools stay out of the list.
      desktop: { display: ':73' },
    });
    await cell.ready().catch(() => {});
    const names = cell
      .run()
      .tools()
      .map((tool) => tool.name)
      .filter((name) => name.includes('.'));
    expect(names).toEqual([
      'browser.click',
      'browser.close',
      'browser.open',
      'browser.screenshot',
      'browser.select',
      'browser.snapshot',
      'browser.type',
      'browser.wait',
      'cron.cancel',
      'cron.list',
      'cron.schedule',
      'email.read',
      'email.search',
      'email.send',
      'kb.get',
      'kb.list',
      'kb.search',
      'page.pdf',
      'page.read',
      'page.screenshot',
    ]);
    const found = await cell.run().call('kb.search', { query: 'lighthouse' });
    expect(found.isError).toBe(false);
    expect(found.text).toContain('docs/guide.md:');
    expect(found.text).toContain('«lighthouse»');
  });

  it('names the field when the engine has no adapter for it', () => {
    expect(() => createEngine({ tools: builtins }).createCell({ workDir, playwright: {} })).toThrow(
      "the cell's spec sets 'playwright', but the engine has no playwright adapter: pass it to createEngine({ adapters: [...] })",
    );
  });
});
