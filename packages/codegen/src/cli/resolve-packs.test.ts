import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePacks } from './resolve-packs.js';

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wesgine-resolve-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}

describe('resolvePacks', () => {
  it('takes a folder with package.json and tools/ as a pack, even before its first tool', async () => {
    const root = folder({ 'package.json': '{}', 'tools/.gitkeep': '' });
    expect(await resolvePacks(root, undefined, true)).toEqual([root]);
  });

  it('at a workspace root, acts on its packs, and on the root too when it carries the pack keyword', async () => {
    const files = {
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'tools/build.sh': '',
      'packages/a/package.json': '{}',
      'packages/a/tools/x.tool.ts': '',
    };
    const plain = folder(files);
    expect(await resolvePacks(plain, undefined, true)).toEqual([join(plain, 'packages/a')]);
    const marked = folder({
      ...files,
      'package.json': JSON.stringify({ workspaces: ['packages/*'], keywords: ['wesgine-tool-pack'] }),
    });
    expect(await resolvePacks(marked, undefined, true)).toEqual([marked, join(marked, 'packages/a')]);
    expect(await resolvePacks(marked, undefined, false)).toEqual([marked]);
  });

  it('says what a pack is where it finds none', async () => {
    const root = folder({ 'package.json': JSON.stringify({ workspaces: ['packages/*'] }) });
    await expect(resolvePacks(root, undefined, true)).rejects.toThrow(
      "no tool packs in this workspace: a tool pack is a folder with a package.json and a tools/ folder for its *.tool.ts definitions, listed in the root package.json's workspaces; make one with `wesgine-tools init <dir>`",
    );
  });
});
