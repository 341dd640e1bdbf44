import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSampleWorkspace, SAMPLE_FILES } from './sample-workspace.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function freshParent(): string {
  const folder = mkdtempSync(join(tmpdir(), 'wesgine-sample-workspace-'));
  folders.push(folder);
  return folder;
}

describe('the sample workspace', () => {
  it('is made on the first start with the sample files, and nothing else beside it', () => {
    const parent = freshParent();
    const workspace = join(parent, 'data', 'workspace');
    expect(ensureSampleWorkspace(workspace)).toBe(true);
    expect(Object.keys(SAMPLE_FILES).sort()).toEqual(['.env', 'README.md', 'notes/todo.md', 'src/greet.ts']);
    for (const [path, text] of Object.entries(SAMPLE_FILES)) {
      expect(readFileSync(join(workspace, path), 'utf8')).toBe(text);
    }
    expect(readFileSync(join(workspace, '.env'), 'utf8')).toContain(
      'PLAYGROUND_API_KEY=sk-playground-not-a-real-key-0000',
    );
    expect(existsSync(join(workspace, 'notes', 'missing.md'))).toBe(false);
    // No draft folder is left beside it.
    expect(readdirSync(join(parent, 'data'))).toEqual(['workspace']);
  });

  it('is left exactly as it is when it exists: edits, deletions and new files stay', () => {
    const workspace = join(freshParent(), 'workspace');
    ensureSampleWorkspace(workspace);
    writeFileSync(join(workspace, 'notes', 'todo.md'), 'my own list\n');
    unlinkSync(join(workspace, 'README.md'));
    writeFileSync(join(workspace, 'mine.txt'), 'mine\n');
    expect(ensureSampleWorkspace(workspace)).toBe(false);
    expect(readFileSync(join(workspace, 'notes', 'todo.md'), 'utf8')).toBe('my own list\n');
    expect(existsSync(join(workspace, 'README.md'))).toBe(false);
    expect(readFileSync(join(workspace, 'mine.txt'), 'utf8')).toBe('mine\n');
  });

  it('is not written into a folder that is there already, even an empty one', () => {
    const workspace = join(freshParent(), 'workspace');
    mkdirSync(workspace);
    expect(ensureSampleWorkspace(workspace)).toBe(false);
    expect(readdirSync(workspace)).toEqual([]);
  });
});
