// The glob tool through the real runtime.
import { describe, expect, it } from 'vitest';
import { searchCell } from '../search/search.test.fixture.js';

const cell = searchCell();

describe('glob', () => {
  it('finds files at any depth, newest first, with .gitignore respected and .git skipped', async () => {
    const result = await cell.call('glob', { pattern: '**/*.ts' });
    expect(result.isError).toBe(false);
    expect(result.text).toBe('Found 1 file matching "**/*.ts" in the work folder (newest first):\nsrc/main.ts');
  });

  it('matches a pattern without a slash against file names in every folder', async () => {
    const result = await cell.call('glob', { pattern: '*.md' });
    expect(result.text).toMatchInlineSnapshot(`
      "Found 2 files matching "*.md" in the work folder (newest first):
      README.md
      .hidden/notes.md"
    `);
  });

  it('anchors a pattern with a slash to the folder and lists paths relative to the work folder', async () => {
    const result = await cell.call('glob', { pattern: 'a/**/*.rs', path: 'src/deep' });
    expect(result.text).toBe('Found 1 file matching "a/**/*.rs" in src/deep (newest first):\nsrc/deep/a/b/c/deep.rs');
  });

  it('never descends through a link, even one leading outside', async () => {
    const result = await cell.call('glob', { pattern: '**/leak.txt' });
    expect(result.text).toBe(
      'No files match "**/leak.txt" in the work folder. Files ignored by .gitignore and the .git folder are not listed; check the pattern or widen the path.',
    );
    const named = await cell.call('glob', { pattern: 'link-out/*' });
    expect(named.text).toContain('No files match');
  });

  it('cuts the list at 100 and says how to narrow it', async () => {
    const tree: Record<string, string> = {};
    for (let index = 0; index < 130; index++) tree[`many/file-${String(index).padStart(3, '0')}.txt`] = 'x';
    const many = searchCell(tree);
    const result = await many.call('glob', { pattern: 'many/*.txt' });
    const lines = result.text.split('\n');
    expect(lines[0]).toBe('Found 130 files matching "many/*.txt" in the work folder; showing the 100 newest:');
    expect(lines[1]).toBe('many/file-129.txt');
    expect(lines.length).toBe(102);
    expect(lines[101]).toBe(
      '(Results cut: 30 more files not shown. Use a more specific pattern or a narrower path to see them.)',
    );
    expect(result.data).toEqual({ total: 130, shown: 100 });
  });

  const refusals: readonly [string, Record<string, unknown>, string][] = [
    ['an absolute pattern', { pattern: '/etc/*' }, 'invalid_arguments'],
    ['a pattern with ..', { pattern: '../*/secret' }, 'invalid_arguments'],
    ['a pattern that only excludes', { pattern: '!*.md' }, 'invalid_arguments'],
    ['a file as path', { pattern: '*', path: 'README.md' }, 'not_a_file'],
    ['a path that does not exist', { pattern: '*', path: 'missing' }, 'file_not_found'],
  ];
  it.each(refusals)('refuses %s', async (_, args, code) => {
    const result = await cell.call('glob', args);
    expect(result.isError).toBe(true);
    expect(result.code).toBe(code);
  });

  it('says what to do instead in each refusal', async () => {
    const texts = await Promise.all(refusals.map(async ([, args]) => (await cell.call('glob', args)).text));
    expect(texts).toMatchInlineSnapshot(`
      [
        "The pattern '/etc/*' is absolute, but patterns are relative to path. Put the folder in path and keep the pattern relative, e.g. path: "/some/folder", pattern: "**/*.ts".",
        "The pattern '../*/secret' contains a '..' part; patterns cannot climb out of path. Give the folder you mean as path instead.",
        "The pattern '!*.md' starts with !; give the files to find, not the ones to leave out.",
        "README.md is not a folder; glob searches folders. Give its folder as path.",
        "No folder exists at missing. Check the path, or leave it out to search the work folder.",
      ]
    `);
  });
});
