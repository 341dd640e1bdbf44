import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPacks } from './find-packs.js';

describe('findPacks', () => {
  it('lists the workspaces that have tools/*.tool.ts, sorted', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wesgine-find-'));
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ workspaces: ['packages/*', 'apps/site', 'missing/*', 'deep/**'] }),
      'packages/b/tools/x.tool.ts': '',
      'packages/a/tools/y.tool.ts': '',
      'packages/c/tools/readme.md': '',
      'packages/d/src/index.ts': '',
      'apps/site/tools/z.tool.ts': '',
      'deep/e/tools/w.tool.ts': '',
    };
    for (const [path, contents] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), contents);
    }
    expect(await findPacks(root)).toEqual([
      join(root, 'apps/site'),
      join(root, 'packages/a'),
      join(root, 'packages/b'),
    ]);
  });

  it('reads the { packages } form of workspaces', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wesgine-find-'));
    mkdirSync(join(root, 'p/tools'), { recursive: true });
    writeFileSync(join(root, 'p/tools/t.tool.ts'), '');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: { packages: ['./p/'] } }));
    expect(await findPacks(root)).toEqual([join(root, 'p')]);
  });
});
