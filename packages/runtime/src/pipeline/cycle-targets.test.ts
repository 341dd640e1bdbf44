import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError, Type, Url } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';

describe('cycle targets of URL tools', () => {
  it('escalates failures at one address, not failures at different ones', async () => {
    const cell = createEngine().createCell({
      workDir: realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-cycle-'))),
      // Every name resolves to one public address (no lookup leaves the machine), so governance lets the calls through.
      network: { lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
    });
    cell.tools().register({
      name: 'fetch_page',
      description: 'Fetch a page.',
      parameters: Type.Object({ url: Url() }),
      meta: { readOnly: true },
      handler: ({ url }) => {
        throw new ToolError('denied', `${url} redirected to a private address`);
      },
    });
    const different = cell.run();
    for (const port of [8001, 8002, 8003]) {
      const result = await different.call('fetch_page', { url: `http://site-${port}.example/` });
      expect(result).toMatchObject({ isError: true, code: 'denied' });
      expect(result.escalated).toBeUndefined();
    }
    const same = cell.run();
    const results = [];
    for (let attempt = 0; attempt < 3; attempt++)
      results.push(await same.call('fetch_page', { url: 'http://site.example/' }));
    expect(results.at(-1)?.escalated).toBe(true);
  });
});
