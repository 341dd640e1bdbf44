import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import { dirs } from './page-sites.test.fixture.js';

const engine = createEngine({ adapters: [root.headlessBrowserAdapter] });

describe('headlessBrowserAdapter', () => {
  it('exports the adapter and the argument types only', () => {
    expect(Object.keys(root).sort()).toEqual(['headlessBrowserAdapter']);
    expect(root.headlessBrowserAdapter).toMatchObject({
      field: 'headlessBrowser',
      provenance: '@wesgine/adapter-headless-browser@0.1.0',
    });
  });

  it('lists the page tools only in a cell whose spec sets headlessBrowser, and starts nothing', async () => {
    const cell = engine.createCell({ ...dirs(), headlessBrowser: {} });
    await cell.ready();
    const tools = cell.run().tools();
    expect(tools.map((tool) => tool.name)).toEqual(['page.pdf', 'page.read', 'page.screenshot']);
    expect(tools.map((tool) => tool.meta?.readOnly)).toEqual([true, true, true]);
    expect(engine.createCell(dirs()).run().tools()).toEqual([]);
    await cell.stop();
  });

  it('refuses a wrong spec, saying what to give', () => {
    const make = (headlessBrowser: unknown) => () =>
      engine.createCell({ ...dirs(), headlessBrowser: headlessBrowser as never });
    expect(make({ contexts: 0 })).toThrow('headlessBrowser.contexts must be a whole number from 1 to 16; got 0');
    expect(make({ contexts: 2.5 })).toThrow('headlessBrowser.contexts must be a whole number from 1 to 16; got 2.5');
    expect(make({ timeoutMs: 50 })).toThrow(
      'headlessBrowser.timeoutMs must be a whole number from 1000 to 300000; got 50',
    );
    expect(make({ maxQueued: -1 })).toThrow('headlessBrowser.maxQueued must be a whole number from 0 to 1000; got -1');
    expect(make({ pool: 3 })).toThrow(
      "headlessBrowser has no option 'pool'; its options are contexts, executablePath, timeoutMs, maxQueued",
    );
    expect(make({ executablePath: 'chromium' })).toThrow(
      'headlessBrowser.executablePath must be the absolute path of a Chromium or Chrome; got "chromium"',
    );
    const notProgram = join(dirs().workDir, 'chromium.txt');
    writeFileSync(notProgram, 'text', { mode: 0o644 });
    expect(make({ executablePath: notProgram })).toThrow(
      `headlessBrowser.executablePath is ${notProgram}, which is not an executable file; give the path of a Chromium or Chrome, or leave it out to use the one on PATH`,
    );
    expect(make([])).toThrow('headlessBrowser must be an object such as {} or { contexts: 2 }');
  });

  it('says so when no Chromium can be found, and opens nothing', async () => {
    const saved = process.env.WESGINE_CHROMIUM_PATH;
    process.env.WESGINE_CHROMIUM_PATH = 'relative/chromium';
    try {
      const cell = engine.createCell({ ...dirs(), headlessBrowser: {}, network: { allowHosts: ['127.0.0.1'] } });
      const result = await cell.run().call('page.read', { url: 'http://127.0.0.1:1/' });
      expect(result).toEqual({
        isError: true,
        code: 'unavailable',
        text: 'The headless browser has no Chromium to run, so no page was opened. WESGINE_CHROMIUM_PATH is "relative/chromium", not an absolute path. Install Chromium (for example `apt-get install chromium`) or Google Chrome, or set WESGINE_CHROMIUM_PATH to its executable.',
      });
      await cell.stop();
    } finally {
      if (saved === undefined) delete process.env.WESGINE_CHROMIUM_PATH;
      else process.env.WESGINE_CHROMIUM_PATH = saved;
    }
  });
});
