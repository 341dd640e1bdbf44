import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMcpImports } from './find-mcp-imports.js';

const root = mkdtempSync(join(tmpdir(), 'wesgine-find-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
}

describe('findMcpImports', () => {
  it("finds the imported files of a folder, sorted, but not installed code, dot folders or another package's", () => {
    for (const path of [
      'package.json',
      'generated/fs.mcp.gen.ts',
      'src/mcp/b.mcp.gen.ts',
      'src/mcp/a.mcp.gen.ts',
      'generated/types.gen.ts',
      'node_modules/x/y.mcp.gen.ts',
      '.cache/z.mcp.gen.ts',
      'dist/d.mcp.gen.ts',
      'packages/other/package.json',
      'packages/other/generated/o.mcp.gen.ts',
    ]) {
      write(path);
    }
    expect(findMcpImports(root)).toEqual(['generated/fs.mcp.gen.ts', 'src/mcp/a.mcp.gen.ts', 'src/mcp/b.mcp.gen.ts']);
    expect(findMcpImports(join(root, 'packages', 'other'))).toEqual(['generated/o.mcp.gen.ts']);
    expect(findMcpImports(join(root, 'generated', 'fs.mcp.gen.ts'))).toEqual(['.']);
    expect(findMcpImports(join(root, 'generated', 'types.gen.ts'))).toEqual([]);
    expect(findMcpImports(join(root, 'missing'))).toEqual([]);
  });
});
