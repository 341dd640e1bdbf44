import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { builtins } from '../index.js';
import { useGrepEngine } from './ripgrep-path.js';

// Ignore files decide what is relevant; governance decides what may be read. A file the Zone closes
// never shows up in grep or glob, whatever the ignore files and options say (threat row 52).

function cell() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-zone-')));
  mkdirSync(join(work, 'config'));
  writeFileSync(join(work, '.env'), 'API_TOKEN=s3cr3t\n');
  writeFileSync(join(work, 'config', 'app.env'), 'API_TOKEN=other\n');
  writeFileSync(join(work, 'readme.md'), 'set API_TOKEN in .env\n');
  return createEngine({ tools: builtins }).createCell({
    workDir: work,
    zone: {
      version: 1,
      zone: 'test/secrets',
      defaults: { exploration: 'allow', action: 'ask' },
      rules: [{ id: 'no-env', effect: 'deny', tools: ['*'], paths: ['**/.env', '**/*.env'], reason: 'secrets' }],
    },
  });
}

describe('search under a zone', () => {
  afterEach(() => useGrepEngine('auto'));

  for (const engine of ['ripgrep', 'node'] as const) {
    it(`grep (${engine}) leaves out files the zone closes`, async () => {
      useGrepEngine(engine);
      const run = cell().run();
      const files = await run.call('grep', { pattern: 'API_TOKEN' });
      expect(files.text).toContain('readme.md');
      expect(files.text).not.toContain('.env\n');
      expect(files.text).not.toContain('app.env');
      // ripgrep runs in the OS sandbox, where the closed files are covered: it never reads them, so
      // there is nothing to withhold. The Node search reads them and withholds the hits.
      expect(files.data).toMatchObject({ withheld: engine === 'ripgrep' ? 0 : 2 });
      const content = await run.call('grep', { pattern: 's3cr3t|other', output_mode: 'content' });
      expect(content.text).toMatch(/^No matches for "s3cr3t\|other"/);
    });
  }

  it('glob leaves them out too', async () => {
    const result = await cell().run().call('glob', { pattern: '**/*env*' });
    expect(result.text).not.toMatch(/\.env|app\.env/);
  });
});
