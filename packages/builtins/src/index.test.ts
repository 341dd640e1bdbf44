import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as builtinsPackage from './index.js';
import { createBuiltins } from './index.js';

const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-builtins-index-')));

describe('@wesgine/builtins public surface', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('exports exactly these names (adding one makes it public API)', () => {
    expect(Object.keys(builtinsPackage).sort()).toMatchInlineSnapshot(`
      [
        "braveSearchProvider",
        "builtins",
        "closeBrowsers",
        "createBuiltins",
        "findChromium",
      ]
    `);
  });

  it('carries the thirteen tools, the aliases in its category map, and progress-aware writers', () => {
    const engine = createEngine({ tools: builtinsPackage.builtins });
    expect([...engine.tools.keys()].sort()).toEqual([
      'apply_patch',
      'ask_user',
      'browser_navigate',
      'delegate_task',
      'edit',
      'exec',
      'glob',
      'grep',
      'memory',
      'plan',
      'read',
      'web_search',
      'write',
    ]);
    expect(engine.categories).toMatchObject({ search_files: 'exploration', find_files: 'exploration', exec: 'action' });
    expect(engine.progressAware).toEqual(['apply_patch', 'edit', 'memory', 'write']);
  });

  it('leaves web_search out of listings when no search is configured, and says so when called', async () => {
    vi.stubEnv('WESGINE_SEARCH_KEY', '');
    const run = createEngine({ tools: createBuiltins() }).createCell({ workDir: workDir() }).run();
    expect(run.tools().map((tool) => tool.name)).not.toContain('web_search');
    expect(await run.call('web_search', { query: 'typebox' })).toMatchObject({ isError: true, code: 'unavailable' });
  });

  it('lists web_search with a provider given in code, and uses it', async () => {
    const provider = {
      name: 'fixed',
      search: async () => [{ title: 'TypeBox', url: 'https://example.com/typebox', snippet: 'JSON Schema types' }],
    };
    const run = createEngine({ tools: createBuiltins({ webSearch: provider }) })
      .createCell({ workDir: workDir() })
      .run();
    expect(run.tools().map((tool) => tool.name)).toContain('web_search');
    const result = await run.call('web_search', { query: 'typebox' });
    expect(result.isError).toBe(false);
    expect(result.text).toContain('https://example.com/typebox');
  });
});
