import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { builtins } from '../index.js';
import { useGrepEngine } from './ripgrep-path.js';

// A cell whose workDir is given through a symbolic link (a linked checkout, macOS's /tmp): grep and
// glob without a path search the real folder and show its paths relative to the work folder, as they
// do for a workDir given by its real path.

function linkedCell() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-linked-work-')));
  const real = join(root, 'real');
  mkdirSync(join(real, 'src'), { recursive: true });
  writeFileSync(join(real, 'src', 'a.ts'), 'const NEEDLE = 1;\n');
  writeFileSync(join(real, 'notes.md'), 'a NEEDLE here\n');
  symlinkSync(real, join(root, 'via-link'));
  const run = createEngine({ tools: builtins })
    .createCell({ workDir: join(root, 'via-link'), dataDir: join(root, 'data') })
    .run();
  return { real, run };
}

describe('a work folder given through a symbolic link', () => {
  afterEach(() => useGrepEngine('auto'));

  it.each(['ripgrep', 'node'] as const)(
    'grep (%s) without a path finds what is in it, by relative path',
    async (engine) => {
      useGrepEngine(engine);
      const { run } = linkedCell();
      const files = await run.call('grep', { pattern: 'NEEDLE' });
      expect(files.isError).toBe(false);
      expect(files.text.split('\n').slice(1).sort()).toEqual(['notes.md', 'src/a.ts']);
      const content = await run.call('grep', { pattern: 'NEEDLE', output_mode: 'content', path: 'src' });
      expect(content.text).toContain('src/a.ts:1:const NEEDLE = 1;');
    },
  );

  it('glob without a path lists it, by relative path', async () => {
    const { run } = linkedCell();
    const result = await run.call('glob', { pattern: '**/*.ts' });
    expect(result).toMatchObject({
      isError: false,
      text: 'Found 1 file matching "**/*.ts" in the work folder (newest first):\nsrc/a.ts',
    });
  });

  it.each(['ripgrep', 'node'] as const)('grep (%s) never shows a file with other hard links', async (engine) => {
    useGrepEngine(engine);
    const { real, run } = linkedCell();
    const outside = join(real, '..', 'outside.txt');
    writeFileSync(outside, 'NEEDLE outside\n');
    linkSync(outside, join(real, 'hard.txt'));
    const result = await run.call('grep', { pattern: 'NEEDLE', output_mode: 'content' });
    expect(result.text).not.toContain('outside');
    expect(result.text).toContain('notes.md:1:a NEEDLE here');
  });
});
