// The grep tool through the real runtime: what the model reads, on both engines where it matters.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setSearchBudget } from './grep-search.js';
import { configureNodeSearch } from './node-search.js';
import { useGrepEngine } from './ripgrep-path.js';
import { searchCell } from './search.test.fixture.js';

const cell = searchCell();
const ENGINES = ['ripgrep', 'node'] as const;

afterEach(() => {
  useGrepEngine('auto');
});

describe('grep output', () => {
  it('lists matching files newest first, with ignore files, hidden files, .git, binaries and links handled', async () => {
    const result = await cell.call('grep', { pattern: 'TODO' });
    expect(result.isError).toBe(false);
    expect(result.text).toMatchInlineSnapshot(`
      "Found 13 files for "TODO" in the work folder (newest first):
      weird name [1].txt
      no-newline.txt
      unicode/名前.txt
      late-nul.txt
      long.txt
      crlf.txt
      src/deep/a/b/c/deep.rs
      src/important.tmp
      src/main.ts
      keep.log
      README.md
      .env.example
      .hidden/notes.md"
    `);
  });

  it('shows content as path:line:text and cuts long lines at 500 characters', async () => {
    const result = await cell.call('grep', { pattern: 'TODO', path: 'long.txt', output_mode: 'content' });
    expect(result.text.split('\n')[1]).toBe(`long.txt:1:${'x'.repeat(500)} [… line cut: 2,514 more characters]`);
    expect(result.text.split('\n')[2]).toBe('long.txt:2:short TODO');
  });

  it('prints context with - separators and -- between groups, as ripgrep does', async () => {
    const result = await cell.call('grep', { pattern: 'MARK', path: 'context.txt', output_mode: 'content', '-A': 1 });
    expect(result.text).toMatchInlineSnapshot(`
      "Found 4 matching lines in 1 file for "MARK" in context.txt:
      context.txt:3:line 3 MARK here
      context.txt-4-line 4
      context.txt:5:line 5 MARK here
      context.txt-6-line 6
      --
      context.txt:12:line 12 MARK here
      context.txt-13-line 13
      --
      context.txt:20:line 20 MARK here"
    `);
  });

  it('pages with head_limit and offset and says how to get the rest', async () => {
    const first = await cell.call('grep', { pattern: 'TODO', output_mode: 'content', head_limit: 2 });
    expect(first.text).toMatchInlineSnapshot(`
      "Found 13 matching lines in 12 files for "TODO" in the work folder; showing output lines 1-2 of 13:
      .env.example:1:TODO=1
      .hidden/notes.md:1:TODO in a hidden folder
      (11 more output lines: call again with offset: 2 to see them, or narrow the search with path, glob, type or a more specific pattern.)"
    `);
    const next = await cell.call('grep', { pattern: 'TODO', output_mode: 'content', head_limit: 2, offset: 2 });
    expect(next.text.split('\n')[0]).toMatch(/; showing output lines 3-4 of \d+:$/);
    const past = await cell.call('grep', { pattern: 'TODO', offset: 500 });
    expect(past.text).toMatchInlineSnapshot(
      `"Found 13 files for "TODO" in the work folder, but offset 500 is past the end: there are 13 files; use an offset below 13."`,
    );
  });

  it('counts matching lines per file', async () => {
    const result = await cell.call('grep', { pattern: 'line', path: 'context.txt', output_mode: 'count' });
    expect(result.text).toBe('Found 20 matching lines in 1 file for "line" in context.txt:\ncontext.txt:20');
  });

  it('says so plainly when nothing matches', async () => {
    const result = await cell.call('grep', { pattern: 'no such words', glob: '*.md', type: 'md' });
    expect(result.isError).toBe(false);
    expect(result.text).toMatchInlineSnapshot(
      `"No matches for "no such words" in the work folder (glob *.md, type md). Binary files, files ignored by .gitignore and the .git folder are not searched; check the pattern (ripgrep syntax) or widen the search."`,
    );
  });

  it.each(ENGINES)('never reads what the cell denies (%s)', async (engine) => {
    useGrepEngine(engine);
    const denied = searchCell();
    const { createEngine } = await import('@wesgine/runtime');
    const { builtins } = await import('../index.js');
    const restricted = createEngine({ tools: builtins }).createCell({
      workDir: denied.work,
      dataDir: join(denied.outside, 'data'),
      denyPaths: ['src'],
    });
    const result = await restricted.run().call('grep', { pattern: 'TODO' });
    expect(result.isError).toBe(false);
    expect(result.text).not.toContain('src/');
    expect(result.text).toContain('README.md');
  });
});

describe('grep refusals', () => {
  const cases: readonly [string, Record<string, unknown>, string][] = [
    ['look-ahead', { pattern: 'foo(?=bar)' }, 'invalid_arguments'],
    ['look-behind', { pattern: '(?<!x)foo' }, 'invalid_arguments'],
    ['backreference', { pattern: '(a)\\1' }, 'invalid_arguments'],
    ['a line break without multiline', { pattern: 'foo\\nbar' }, 'invalid_arguments'],
    ['an unclosed group', { pattern: '(foo' }, 'invalid_arguments'],
    ['an unknown type', { pattern: 'x', type: 'cobol' }, 'invalid_arguments'],
    ['a path that does not exist', { pattern: 'x', path: 'missing' }, 'file_not_found'],
    ['a binary file as path', { pattern: 'TODO', path: 'binary.bin' }, 'binary_file'],
  ];
  it.each(cases)('refuses %s with a clear message', async (_, args, code) => {
    const result = await cell.call('grep', args);
    expect(result.isError).toBe(true);
    expect(result.code).toBe(code);
    expect(result.text).not.toMatch(/\n\s+at /);
  });

  it('writes messages that say what to do', async () => {
    const texts = await Promise.all(cases.map(async ([, args]) => (await cell.call('grep', args)).text));
    expect(texts).toMatchInlineSnapshot(`
      [
        "The pattern uses look-around ((?=, (?!, (?<= or (?<!), which ripgrep's regex engine does not support. Match the surrounding text as part of the pattern instead, or search more broadly and pick the lines from the result.",
        "The pattern uses look-around ((?=, (?!, (?<= or (?<!), which ripgrep's regex engine does not support. Match the surrounding text as part of the pattern instead, or search more broadly and pick the lines from the result.",
        "The pattern uses a backreference (\\1 or \\k<name>), which ripgrep's regex engine does not support. Write the repeated text out in the pattern instead.",
        "The pattern contains a line break (\\n), but without multiline each line is searched on its own, so it could never match. Set multiline: true to match across lines.",
        "The pattern is not a valid regular expression in ripgrep's syntax: a group ( is not closed with ). To match one of ( ) [ ] { } . * + ? | ^ $ \\ literally, put a backslash before it.",
        "Unknown file type 'cobol'. Use one of: c, clojure, cmake, config, cpp, csharp, css, csv, dart, docker, elixir, erlang, go, graphql, haskell, html, java, js, json, jsonl, kotlin, less, lua, make, md, markdown, nix, ocaml, perl, php, protobuf, py, r, rst, ruby, rust, sass, scala, sh, sql, svelte, svg, swift, tex, tf, toml, ts, txt, vim, xml, yaml, zig; or filter by file name with glob instead (e.g. glob: "*.vue").",
        "Nothing exists at missing. Check the path, or leave path out to search the whole work folder.",
        "binary.bin is a binary file; grep searches text files only.",
      ]
    `);
  });

  it('refuses a path outside the allowed folders before reading anything', async () => {
    const result = await cell.call('grep', { pattern: 'TODO', path: cell.outside });
    expect(result.isError).toBe(true);
    expect(result.code).toBe('path_not_allowed');
  });
});

describe('grep limits', () => {
  it.each(ENGINES)('stops at the time budget with a timeout that says to narrow the search (%s)', async (engine) => {
    useGrepEngine(engine);
    // Enough files that no engine can finish inside the budget, however idle or busy the machine.
    const files = Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`f${index}.txt`, 'a TODO here\n']));
    const large = searchCell(files);
    const previous = setSearchBudget(1);
    try {
      const result = await large.call('grep', { pattern: 'TODO' });
      expect(result.isError).toBe(true);
      expect(result.code).toBe('timeout');
      expect(result.text).toBe(
        'The search took longer than 0.001 s and was stopped. Narrow it: a sub-folder as path, a glob or type to pick files, or a more specific pattern.',
      );
    } finally {
      setSearchBudget(previous);
    }
  });

  it('survives a catastrophic pattern in the Node search: the slow file is skipped, the rest found', async () => {
    useGrepEngine('node');
    const previous = configureNodeSearch({ fileTimeMs: 400 });
    const slow = searchCell({ 'trap.txt': `${'a'.repeat(40)}b\n`, 'fine.txt': 'aaa\n', 'other.txt': 'zzz\n' });
    try {
      const started = Date.now();
      const result = await slow.call('grep', { pattern: '(a+)+$' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.isError).toBe(false);
      expect(result.text).toBe(
        'Found 1 file for "(a+)+$" in the work folder (newest first):\nfine.txt\n\nNote: skipped 1 file on which the pattern ran longer than 0.4 s (trap.txt). Nested repetition such as (a+)+ can take exponential time; simplify the pattern.',
      );
      const again = await slow.call('grep', { pattern: 'z+', output_mode: 'content' });
      expect(again.text).toBe('Found 1 matching line in 1 file for "z+" in the work folder:\nother.txt:1:zzz');
    } finally {
      configureNodeSearch(previous);
    }
  });

  it('gives ripgrep the same catastrophic pattern without trouble (its engine is linear)', async () => {
    useGrepEngine('ripgrep');
    const slow = searchCell({ 'trap.txt': `${'a'.repeat(40)}b\n`, 'fine.txt': 'aaa\n' });
    const result = await slow.call('grep', { pattern: '(a+)+$' });
    expect(result.text).toBe('Found 1 file for "(a+)+$" in the work folder (newest first):\nfine.txt');
  });

  it('reads a file that changes between the walk and the search without failing', async () => {
    useGrepEngine('node');
    writeFileSync(join(cell.work, 'changing.txt'), 'TODO now\n');
    const result = await cell.call('grep', { pattern: 'TODO now', output_mode: 'content' });
    expect(result.text).toContain('changing.txt:1:TODO now');
  });
});
