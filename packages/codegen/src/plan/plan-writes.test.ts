import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPlan } from './apply-plan.js';
import { planWrites } from './plan-writes.js';

function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wesgine-plan-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}

describe('planWrites and applyPlan', () => {
  it('adds, modifies, keeps and deletes stale files only inside managed folders', () => {
    const root = folderWith({
      'generated/same.gen.json': 'same\n',
      'generated/changed.gen.json': 'old\n',
      'generated/stale/old.gen.json': 'stale\n',
      'docs/tools.md': 'hand-written\n',
      'src/keep.ts': 'mine\n',
    });
    const plan = planWrites(
      root,
      [
        { path: 'generated/same.gen.json', contents: 'same\n' },
        { path: 'generated/changed.gen.json', contents: 'new\n' },
        { path: 'generated/new/added.gen.json', contents: 'added\n' },
        { path: 'docs/tools.md', contents: 'hand-written\n' },
      ],
      ['generated/'],
    );
    expect(plan).toEqual({
      add: [{ path: 'generated/new/added.gen.json', contents: 'added\n' }],
      modify: [{ path: 'generated/changed.gen.json', contents: 'new\n' }],
      delete: ['generated/stale/old.gen.json'],
      unchanged: ['docs/tools.md', 'generated/same.gen.json'],
    });
    applyPlan(root, plan);
    expect(readdirSync(join(root, 'generated')).sort()).toEqual(['changed.gen.json', 'new', 'same.gen.json']);
    expect(readFileSync(join(root, 'generated/changed.gen.json'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(root, 'src/keep.ts'), 'utf8')).toBe('mine\n');
    expect(planWrites(root, [...plan.add, ...plan.modify], ['generated/']).delete).toEqual(['generated/same.gen.json']);
  });

  it('never deletes a file import mcp wrote, though it sits in a managed folder', () => {
    const root = folderWith({ 'generated/fs.mcp.gen.ts': 'imported\n', 'generated/old.gen.ts': 'stale\n' });
    expect(planWrites(root, [], ['generated/']).delete).toEqual(['generated/old.gen.ts']);
  });

  it('plans nothing to delete when the managed folder does not exist', () => {
    const root = folderWith({});
    expect(planWrites(root, [{ path: 'a.txt', contents: 'a' }], ['generated/'])).toEqual({
      add: [{ path: 'a.txt', contents: 'a' }],
      modify: [],
      delete: [],
      unchanged: [],
    });
  });
});
